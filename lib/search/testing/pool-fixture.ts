import { randomUUID } from "node:crypto";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { saveRunOutcome } from "@/lib/db/runs";
import { createRun } from "@/lib/runs/create-run";

export const POOL_DOCUMENTS = [
  {
    externalId: "fan-noise",
    title: "Fan noise",
    text: "The fan spins loudly after an update. Resetting the fan controller quiets the fan again.",
  },
  {
    externalId: "router-reset",
    title: "Resetting the router",
    text: "Hold the reset button for ten seconds. The router restarts with factory settings and a new password.",
  },
  {
    externalId: "drive-tray",
    title: "Replacing a drive",
    text: "Pull the drive tray by its handle. Slide the new drive in until it clicks. Nothing about fans here.",
  },
  {
    externalId: "warranty",
    title: "Warranty",
    text: "Our warranty covers parts and labour for three years. Keep your receipt.",
  },
];

/**
 * A corpus of four short documents, a set with one query ("loud fan"), an engineer, and one
 * finished run whose stored results for the query are `results` (by external id and span).
 */
export async function createPoolFixture(
  prisma: Db,
  results: { externalId: string; start: number; end: number }[],
) {
  const name = randomUUID();
  const { corpusId } = await importDocuments(prisma, {
    corpusName: `pool corpus ${name}`,
    documents: (async function* () {
      for (const document of POOL_DOCUMENTS) yield { ...document, metadata: null };
    })(),
  });
  const documents = new Map(
    (await prisma.document.findMany({ where: { corpusId } })).map((document) => [
      document.externalId,
      document,
    ]),
  );
  const set = await createGoldenSet(prisma, { name: `pool set ${name}`, description: "", corpusId });
  await addQueriesToSet(prisma, { setId: set.id, queries: [{ text: "loud fan" }] });
  const query = await prisma.query.findFirstOrThrow({ where: { goldenSetId: set.id } });
  const engineer = await prisma.user.create({
    data: { id: randomUUID(), name: "Eli", email: `eli-${name}@example.test`, role: "engineer" },
  });
  const { runId } = await createRun(prisma, {
    setId: set.id,
    configName: "Dense test",
    config: defaultRetrievalConfig,
    coverage: 1,
    userId: engineer.id,
  });
  await saveRunOutcome(prisma, {
    runId,
    results: results.map((result, index) => ({
      queryId: query.id,
      rank: index + 1,
      documentId: documents.get(result.externalId)?.id ?? "",
      start: result.start,
      end: result.end,
      chunkHash: "0".repeat(64),
      score: 1 / (index + 1),
    })),
    perQuery: [{ queryId: query.id, metrics: null, returned: results.length }],
    metrics: {},
    resolution: {},
    durationMs: 1,
  });
  return { setId: set.id, corpusId, queryId: query.id, runId, documents };
}

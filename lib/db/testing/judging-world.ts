import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { MODEL_ROLE, modelAnnotatorName } from "@/lib/judging/model-annotator";

/** The four documents of the world, by external id. */
export const worldTexts = {
  a: "Resetting the router. Hold the reset button for ten seconds. The router restarts.",
  b: "Router lights explained. A blinking light means the router is busy.",
  c: "Replacing a drive. Pull the drive tray by its handle and slide the new drive in.",
  d: "Cleaning the fan. Blow the dust out of the fan grille.",
} as const;

type DocumentKey = keyof typeof worldTexts;

/**
 * A small judged world for judge-report and `goldenset judge` tests: a corpus of four documents
 * (a, b, c, d), a set with two queries (q1 "reset router", q2 "replace drive"), two annotators
 * (ana, bo) and an engineer, people's document labels on six pairs, and three succeeded runs whose
 * results are whole documents. Names are unique per call.
 *
 * People's grades (scale 0–3, relevant from 1):
 *   q1-a ana 3, bo 2 · q1-b ana 0, bo 0 · q1-c ana 2 · q2-a bo 0 · q2-b ana 1, bo 0 · q2-d ana 0
 * Runs: r1 q1 a c b, q2 b a d · r2 q1 b a c, q2 c b · r3 q1 c b, q2 d a
 */
export async function createJudgingWorld(prisma: Db, name: string) {
  async function* documents() {
    for (const [externalId, text] of Object.entries(worldTexts))
      yield { externalId, title: externalId, text, metadata: null };
  }
  const { corpusId } = await importDocuments(prisma, {
    corpusName: `corpus ${name}`,
    documents: documents(),
  });
  const rows = await prisma.document.findMany({ where: { corpusId } });
  const doc = Object.fromEntries(rows.map((row) => [row.externalId, row])) as Record<
    DocumentKey,
    (typeof rows)[number]
  >;
  const set = await createGoldenSet(prisma, { name: `set ${name}`, description: "", corpusId });
  await addQueriesToSet(prisma, {
    setId: set.id,
    queries: [{ text: "reset router" }, { text: "replace drive" }],
  });
  const [q1, q2] = await prisma.query.findMany({
    where: { goldenSetId: set.id },
    orderBy: { position: "asc" },
  });
  if (!q1 || !q2) throw new Error("world setup");
  const user = (role: string, nick: string) =>
    prisma.user.create({
      data: {
        id: crypto.randomUUID(),
        name: `${nick} ${name}`,
        email: `${nick}-${name}@example.test`.replaceAll(" ", "-"),
        role,
      },
    });
  const ana = await user("annotator", "ana");
  const bo = await user("annotator", "bo");
  const engineer = await user("engineer", "eli");
  const query = { q1, q2 };
  async function label(annotatorId: string, queryName: "q1" | "q2", document: DocumentKey, grade: number) {
    await prisma.label.create({
      data: {
        queryId: query[queryName].id,
        documentId: doc[document].id,
        documentVersion: doc[document].version,
        kind: "document",
        spanKey: "document",
        grade,
        annotatorId,
      },
    });
  }
  await label(ana.id, "q1", "a", 3);
  await label(bo.id, "q1", "a", 2);
  await label(ana.id, "q1", "b", 0);
  await label(bo.id, "q1", "b", 0);
  await label(ana.id, "q1", "c", 2);
  await label(bo.id, "q2", "a", 0);
  await label(ana.id, "q2", "b", 1);
  await label(bo.id, "q2", "b", 0);
  await label(ana.id, "q2", "d", 0);

  const runs = await createWorldRuns(prisma, { name, setId: set.id, query, doc });
  return { set, q1, q2, doc, users: { ana, bo, engineer }, runs, label };
}

type WorldRunsOptions = {
  name: string;
  setId: string;
  query: Record<"q1" | "q2", { id: string }>;
  doc: Record<DocumentKey, { id: string }>;
};

/** The world's three succeeded document-mode runs, r1 oldest, whole documents as results. */
async function createWorldRuns(prisma: Db, options: WorldRunsOptions) {
  const { name, query, doc } = options;
  const set = { id: options.setId };
  const version = await prisma.goldenSetVersion.create({
    data: { goldenSetId: set.id, number: 1, contentHash: "0", snapshot: {} },
  });
  async function run(configName: string, rankings: Record<"q1" | "q2", DocumentKey[]>, minutesAgo: number) {
    const config = await prisma.retrievalConfig.create({
      data: { name: `${configName} ${name}`, version: 1, params: {} },
    });
    const created = await prisma.run.create({
      data: {
        goldenSetId: set.id,
        goldenSetVersionId: version.id,
        configId: config.id,
        status: "succeeded",
        mode: "document",
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
      },
    });
    await prisma.runResult.createMany({
      data: (["q1", "q2"] as const).flatMap((queryName) =>
        rankings[queryName].map((document, index) => ({
          runId: created.id,
          queryId: query[queryName].id,
          rank: index + 1,
          documentId: doc[document].id,
          start: 0,
          end: worldTexts[document].length,
          chunkHash: createHash("sha256").update(worldTexts[document]).digest("hex"),
          score: 10 - index,
        })),
      ),
    });
    return created.id;
  }
  return {
    r1: await run("r1", { q1: ["a", "c", "b"], q2: ["b", "a", "d"] }, 3),
    r2: await run("r2", { q1: ["b", "a", "c"], q2: ["c", "b"] }, 2),
    r3: await run("r3", { q1: ["c", "b"], q2: ["d", "a"] }, 1),
  };
}

export type JudgingWorld = Awaited<ReturnType<typeof createJudgingWorld>>;

/**
 * A judge with hand-made judgments on the world (no HTTP): per pair, passage by passage —
 *   q1-a supported 3 and supported 1 · q1-b supported 1 · q1-c unsupported 3 · q2-a not_needed 0 ·
 *   q2-b supported 2 · q2-c supported 2 · q2-d failed
 * Supported and not_needed ones are also labels of the judge's annotator (`model:<name>`).
 */
export async function addHandJudgments(prisma: Db, world: JudgingWorld, judgeName: string) {
  const annotator = await prisma.user.create({
    data: {
      id: crypto.randomUUID(),
      name: modelAnnotatorName(judgeName),
      email: modelAnnotatorName(judgeName),
      role: MODEL_ROLE,
    },
  });
  const judge = await prisma.judge.create({
    data: {
      name: judgeName,
      version: 1,
      annotatorId: annotator.id,
      settings: { name: judgeName, baseUrl: "http://127.0.0.1:9/v1", model: "fake" },
    },
  });
  const query = { q1: world.q1, q2: world.q2 };
  let passage = 0;
  async function judgment(
    queryName: "q1" | "q2",
    document: DocumentKey,
    status: "supported" | "not_needed" | "unsupported" | "failed",
    grade: number | null,
  ) {
    passage++;
    const start = passage === 2 ? 20 : 0;
    const end = start + 10;
    const row = await prisma.modelJudgment.create({
      data: {
        judgeId: judge.id,
        goldenSetId: world.set.id,
        queryId: query[queryName].id,
        documentId: world.doc[document].id,
        documentVersion: world.doc[document].version,
        start,
        end,
        cacheKey: `key-${passage}`,
        status,
        grade,
      },
    });
    if (status === "supported" || status === "not_needed") {
      await prisma.label.create({
        data: {
          queryId: query[queryName].id,
          documentId: world.doc[document].id,
          documentVersion: world.doc[document].version,
          kind: "quote",
          exact: worldTexts[document].slice(start, end),
          start,
          end,
          spanKey: `v${world.doc[document].version}:${start}-${end}`,
          grade: grade ?? 0,
          annotatorId: annotator.id,
        },
      });
    }
    return row.id;
  }
  await judgment("q1", "a", "supported", 3);
  await judgment("q1", "a", "supported", 1);
  await judgment("q1", "b", "supported", 1);
  await judgment("q1", "c", "unsupported", 3);
  await judgment("q2", "a", "not_needed", 0);
  await judgment("q2", "b", "supported", 2);
  await judgment("q2", "c", "supported", 2);
  await judgment("q2", "d", "failed", null);
  return judge;
}

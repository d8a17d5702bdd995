import { randomUUID } from "node:crypto";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { chunkHash } from "@/lib/corpora/content-hash";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { type JudgeRow, saveJudge } from "@/lib/db/judges";
import type { JudgeSettingsInput } from "@/lib/judging/judge-settings-schema";
import type { JudgingServices } from "@/lib/judging/judging-services";
import type { FakeChatServer } from "@/lib/judging/testing/fake-chat-server";
import { createRun } from "@/lib/runs/create-run";

/**
 * Texts the fake judge (word overlap, fake-chat-server.ts) grades predictably for the queries
 * below: "solar panel efficiency" → solar 3, wind 0, cheap 1; "wind turbine noise" → wind 1;
 * "battery storage cost" → 0 everywhere.
 */
export const FIXTURE_DOCUMENTS = [
  {
    externalId: "solar",
    text: "Solar panels convert sunlight into electricity. Panel efficiency depends on temperature. Cleaning helps.",
  },
  { externalId: "wind", text: "Wind turbines spin in strong wind. Offshore farms are large." },
  { externalId: "cheap", text: "Solar power is cheap now. Prices fell a lot over ten years." },
] as const;
export const FIXTURE_QUERIES = [
  "solar panel efficiency",
  "wind turbine noise",
  "battery storage cost",
] as const;

export type JudgingFixture = {
  setId: string;
  runId: string;
  queryIds: string[];
  documentIds: Map<string, string>;
  userId: string;
};

/**
 * A set of 3 queries over 3 short documents and one finished passage-level run ranking every
 * document for every query (each document one chunk, its whole text): a pool of 9 pairs.
 * `documentLevel` stores the run in document mode instead.
 */
export async function seedJudgingFixture(
  prisma: Db,
  options: { documentLevel?: boolean; queries?: readonly string[] } = {},
): Promise<JudgingFixture> {
  const { corpusId } = await importDocuments(prisma, {
    corpusName: `Judging corpus ${randomUUID()}`,
    documents: (async function* () {
      for (const document of FIXTURE_DOCUMENTS)
        yield { externalId: document.externalId, title: "", text: document.text, metadata: null };
    })(),
  });
  const user = await prisma.user.create({
    data: {
      id: randomUUID(),
      name: "Engineer",
      email: `engineer-${randomUUID()}@example.test`,
      role: "engineer",
    },
  });
  const set = await createGoldenSet(prisma, {
    name: `Judging set ${randomUUID()}`,
    description: "",
    corpusId,
  });
  await addQueriesToSet(prisma, {
    setId: set.id,
    queries: (options.queries ?? FIXTURE_QUERIES).map((text) => ({ text })),
  });
  const queries = await prisma.query.findMany({
    where: { goldenSetId: set.id },
    orderBy: { position: "asc" },
  });
  const documents = await prisma.document.findMany({ where: { corpusId } });
  const documentIds = new Map(documents.map((document) => [document.externalId, document.id]));
  const { runId, jobId } = await createRun(prisma, {
    setId: set.id,
    configName: `Fixture ${randomUUID()}`,
    config: defaultRetrievalConfig,
    coverage: 1,
    mode: options.documentLevel ? "document" : "label",
    userId: user.id,
    policy: { keyVariables: [], allowList: [] },
  });
  await prisma.run.update({ where: { id: runId }, data: { status: "succeeded", jobId: null } });
  await prisma.job.delete({ where: { id: jobId } });
  await prisma.runResult.createMany({
    data: queries.flatMap((query) =>
      FIXTURE_DOCUMENTS.map((document, index) => ({
        runId,
        queryId: query.id,
        rank: index + 1,
        documentId: documentIds.get(document.externalId)!,
        start: 0,
        end: document.text.length,
        chunkHash: chunkHash(document.text),
        score: 10 - index,
      })),
    ),
  });
  return { setId: set.id, runId, queryIds: queries.map((query) => query.id), documentIds, userId: user.id };
}

/** Services that reach the fake server only, with fast retries (no real waiting). */
export function fakeJudgingServices(
  server: FakeChatServer,
  options: { keys?: Record<string, string>; sleeps?: number[] } = {},
): JudgingServices {
  const keys = options.keys ?? {};
  return {
    allowList: [server.origin],
    keyVariables: Object.keys(keys),
    readKey: (name) => keys[name],
    retry: {
      maxRetries: 2,
      baseDelayMs: 1,
      maxDelayMs: 5,
      sleep: async (ms) => {
        options.sleeps?.push(ms);
      },
      random: () => 0.5,
    },
  };
}

/**
 * A judge of the fake server: concurrency 1 unless told, so scripted steps meet passages in order;
 * a 10 s timeout (tests of hangs set a short one).
 */
export async function createFakeJudge(
  prisma: Db,
  options: { server: FakeChatServer; settings?: Partial<JudgeSettingsInput>; keys?: Record<string, string> },
): Promise<JudgeRow> {
  const { judge } = await saveJudge(prisma, {
    settings: {
      name: `fake judge ${randomUUID().slice(0, 8)}`,
      baseUrl: `${options.server.origin}/v1`,
      model: "fake-umbrela",
      concurrency: 1,
      timeoutMs: 10_000,
      ...options.settings,
    },
    createdById: null,
    server: { allowList: [options.server.origin], keyVariables: Object.keys(options.keys ?? {}) },
  });
  return judge;
}

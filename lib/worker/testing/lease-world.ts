import { hostname } from "node:os";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { defaultRetrievalConfig, type RetrievalConfig } from "@/lib/configs/config-schema";
import { createPrismaClient, type Db } from "@/lib/db/client";
import { type QuoteLabeledQuestion, seedQuoteLabeledSet } from "@/lib/db/testing/quote-labeled-set";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import type { WorkerIdentity } from "@/lib/jobs/job-lease";
import {
  type LoopbackProviderServer,
  startLoopbackProviderServer,
} from "@/lib/retrieval/providers/testing/loopback-provider-server";
import { createRun } from "@/lib/runs/create-run";
import { testRunServices } from "@/lib/runs/testing/test-run-services";

const API_KEY = "sk-lease-test";

/** Two workers of this process with different identities, as two processes would have. */
export const workerA: WorkerIdentity = { host: hostname(), pid: process.pid, bootId: "worker-a" };
export const workerB: WorkerIdentity = { host: hostname(), pid: process.pid, bootId: "worker-b" };

/** The services the workers run jobs with: the loopback server allowed, its key known. */
export const services = testRunServices({ allowList: ["127.0.0.1"], secrets: { LOOPBACK_KEY: API_KEY } });
const policy = { keyVariables: ["LOOPBACK_KEY"], allowList: ["127.0.0.1"] };

const userId = "lease-engineer";
const texts: Record<string, string> = {
  "kb-1": "Resetting the router. Hold the reset button for ten seconds until the power light blinks.",
  "kb-2": "Replacing a drive. Pull the tray by its handle and slide the new drive in until it clicks.",
  "kb-3": "Printer shows offline. Remove the printer and add it again from the settings page.",
};
const questions: QuoteLabeledQuestion[] = [
  ["how do I reset my router", "kb-1", "Hold the reset button for ten seconds"],
  ["how do I replace a drive", "kb-2", "slide the new drive in"],
  ["printer is offline", "kb-3", "Remove the printer and add it again"],
];

export type LeaseWorld = {
  /** the first client on the test database (worker A's) */
  prisma: Db;
  /** a client of its own on the same database (worker B's) */
  secondClient: Db;
  /** the embeddings server on loopback, answering "ok" at the start of each test */
  providers: LoopbackProviderServer;
};

/**
 * Registers the hooks of a job lease test file: a real test database with a small labeled set,
 * two clients on it, an embeddings server on loopback that can hold a dense run in flight for as
 * long as a test needs, and `console.warn` collected into `warnings` for each test. After each
 * test the queue is emptied, so the next one claims only its own job. `ready` receives the world
 * before the first test.
 */
export function setUpLeaseWorld(ready: (world: LeaseWorld) => void) {
  let database: ReturnType<typeof createTestDatabase>;
  let world: LeaseWorld;
  let setId: string;
  const warnings: string[] = [];

  beforeAll(async () => {
    database = createTestDatabase();
    world = {
      prisma: database.prisma,
      secondClient: createPrismaClient(database.url),
      providers: await startLoopbackProviderServer({ apiKey: API_KEY, defaultDimensions: 16 }),
    };
    ({ setId } = await seedQuoteLabeledSet(world.prisma, { userId, setName: "tiny set", texts, questions }));
    ready(world);
  });

  afterAll(async () => {
    await world?.providers.close();
    await world?.secondClient.$disconnect();
    await database?.dispose();
  });

  beforeEach(() => {
    world.providers.behave({ kind: "ok" });
    warnings.length = 0;
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(" "));
    });
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    await world.prisma.job.updateMany({
      where: { status: { in: ["queued", "running"] } },
      data: { status: "failed", leaseOwner: null },
    });
  });

  let models = 0;
  /** Dense retrieval through the loopback embeddings server, under a new model name so nothing is cached. */
  function denseConfig(): RetrievalConfig {
    models++;
    return {
      ...defaultRetrievalConfig,
      retriever: {
        kind: "dense",
        provider: {
          kind: "openai-compatible",
          baseUrl: `${world.providers.origin}/v1`,
          model: `lease-embed-${models}`,
          dimensions: 16,
          batchSize: 64,
          apiKeyEnv: "LOOPBACK_KEY",
          timeoutMs: 30_000,
        },
      },
    };
  }

  let runs = 0;
  /** A queued run: BM25, or dense through the loopback server (which a test can slow down). */
  async function queueRun(kind: "bm25" | "dense" = "bm25") {
    runs++;
    const config = kind === "bm25" ? defaultRetrievalConfig : denseConfig();
    return createRun(world.prisma, {
      setId,
      configName: `lease ${runs}`,
      config,
      coverage: 1,
      userId,
      policy,
    });
  }

  const readJob = (id: string) => world.prisma.job.findUniqueOrThrow({ where: { id } });

  return { warnings, queueRun, readJob };
}

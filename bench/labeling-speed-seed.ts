import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { addUser } from "@/lib/auth/add-user";
import { defaultRetrievalConfig, type RetrievalConfig } from "@/lib/configs/config-schema";
import { updatePoolSettings } from "@/lib/db/candidate-pools";
import { createPrismaClient } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { openBeirFolder } from "@/lib/exchange/read-beir";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs } from "@/lib/worker/worker";

export const BENCH_USER = { email: "bench-annotator@example.com", password: "bench labeling speed 2026" };

export type SeededBench = { databaseUrl: string; setId: string; queryIds: string[]; queryTexts: string[] };

/** Runs pooled with BM25, as an engineer would choose them. */
const POOLED_RUNS: { name: string; config: RetrievalConfig }[] = [
  { name: "BM25 400/80", config: defaultRetrievalConfig },
  {
    name: "BM25 small chunks",
    config: { ...defaultRetrievalConfig, chunking: { strategy: "fixed-characters", size: 200, overlap: 40 } },
  },
];

/**
 * A SQLite file in `dir` holding SciFact as a corpus, a golden set of its 300 test queries, an
 * annotator, and two finished BM25 runs pooled with the workspace's BM25 (depth 10), made
 * through the app's own functions. Built once (about a minute) and reused while `ready` exists.
 */
export async function seedLabelingBench(options: { dir: string; scifact: string }): Promise<SeededBench> {
  const file = path.join(options.dir, "bench.db");
  const databaseUrl = `file:${file}`;
  const readyFile = path.join(options.dir, "ready.json");
  if (existsSync(readyFile)) return JSON.parse(readFileSync(readyFile, "utf8")) as SeededBench;

  rmSync(options.dir, { recursive: true, force: true });
  mkdirSync(options.dir, { recursive: true });
  const sqlite = new Database(file);
  const migrations = path.resolve(import.meta.dirname, "../prisma/migrations");
  for (const name of readdirSync(migrations, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()) {
    sqlite.exec(readFileSync(path.join(migrations, name, "migration.sql"), "utf8"));
  }
  sqlite.close();

  const prisma = createPrismaClient(databaseUrl);
  try {
    const started = performance.now();
    const source = await openBeirFolder(options.scifact);
    const { corpusId, documents } = await importDocuments(prisma, {
      corpusName: "SciFact",
      documents: source.documents(),
    });
    const testIds = new Set<string>();
    for await (const qrel of source.qrels("test")) testIds.add(qrel.queryId);
    const texts: string[] = [];
    for await (const query of source.queries()) if (testIds.has(query.id)) texts.push(query.text);
    const user = await addUser(prisma, { ...BENCH_USER, name: "Bench Annotator", role: "annotator" });
    const engineer = await addUser(prisma, {
      email: "bench-engineer@example.com",
      password: BENCH_USER.password,
      name: "Bench Engineer",
      role: "engineer",
    });
    const set = await createGoldenSet(prisma, { name: "SciFact test", description: "", corpusId });
    await addQueriesToSet(prisma, { setId: set.id, queries: texts.map((text) => ({ text })) });
    const runIds: string[] = [];
    for (const run of POOLED_RUNS) {
      const created = await createRun(prisma, {
        setId: set.id,
        configName: run.name,
        config: run.config,
        coverage: 1,
        userId: engineer.id,
      });
      runIds.push(created.runId);
    }
    await drainJobs(prisma);
    await updatePoolSettings(prisma, { setId: set.id, depth: 10, runIds });
    const queries = await prisma.query.findMany({
      where: { goldenSetId: set.id },
      orderBy: { position: "asc" },
    });
    const seeded: SeededBench = {
      databaseUrl,
      setId: set.id,
      queryIds: queries.map((query) => query.id),
      queryTexts: queries.map((query) => query.text),
    };
    writeFileSync(readyFile, JSON.stringify(seeded));
    process.stdout.write(
      `seeded ${documents} documents, ${queries.length} queries, ${runIds.length} pooled runs for ${user.email} in ${Math.round((performance.now() - started) / 1000)} s\n`,
    );
    return seeded;
  } finally {
    await prisma.$disconnect();
  }
}

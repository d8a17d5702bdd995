import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { createPrismaClient } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { databaseUrl, testPostgresServerUrl } from "@/lib/db/testing/test-database";
import { openBeirFolder } from "@/lib/exchange/read-beir";
import { scifactSetFile } from "@/lib/runs/testing/scifact-set-file";

// `goldenset evaluate` against the engine on SciFact (issue 24): each side a child process, back to
// back, repeated; medians of wall time, peak RSS from GNU time (%M, the child's maxRSS).
//   whole documents: evaluate (document mode, top 1,000) vs `retrieve` + `eval-trec` of the same config
//   chunked (400/80 characters, label mode, top 1,000): evaluate vs bench/evaluate-engine-child.ts,
//     the engine functions alone (chunk, index, retrieve, score; no database)

const ROOT = join(import.meta.dirname, "..");
const CLI = join(ROOT, "bin", "goldenset");
const SET_NAME = "scifact test";
const WHOLE = {
  name: "bm25 whole documents",
  chunking: { strategy: "document", prependTitle: true },
  retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
  topK: 1000,
};
const CHUNKED = {
  name: "bm25 400-character chunks",
  chunking: { strategy: "fixed-characters", size: 400, overlap: 80 },
  retriever: { kind: "bm25", k1: 0.9, b: 0.4 },
  topK: 1000,
};

type Measured = { seconds: number; rssMb: number };

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      repeats: { type: "string", default: "3" },
      database: { type: "string", default: "sqlite" },
      only: { type: "string" },
      scifact: { type: "string", default: join(ROOT, "..", "shared", "data", "scifact") },
    },
  });
  const SCIFACT = values.scifact;
  if (!existsSync(join(SCIFACT, "corpus.jsonl"))) {
    console.log(`skipped: no SciFact at ${SCIFACT}`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "evaluate-bench-"));
  const database = await createDatabase(values.database === "postgresql" ? "postgresql" : "sqlite", work);
  try {
    await seedScifact(database.url, SCIFACT);
    const configs = { whole: WHOLE, chunked: CHUNKED };
    for (const [name, config] of Object.entries(configs))
      writeFileSync(join(work, `${name}.json`), JSON.stringify(config));
    const env = { ...process.env, DATABASE_URL: database.url, GOLDENSET_ROOT: ROOT };
    const evaluate = (name: string, mode: string) =>
      measure(work, env, [
        CLI,
        "evaluate",
        "--set",
        SET_NAME,
        "--config",
        join(work, `${name}.json`),
        "--mode",
        mode,
        "--json",
      ]);
    const trecReference = async (): Promise<Measured> => {
      const run = join(work, "run.txt");
      const qrels = join(work, "qrels.txt");
      const retrieve = await measure(work, env, [
        CLI,
        "retrieve",
        "--beir",
        SCIFACT,
        "--config",
        join(work, "whole.json"),
        "--out",
        run,
        "--qrels-out",
        qrels,
      ]);
      const evalTrec = await measure(work, env, [CLI, "eval-trec", qrels, run]);
      return {
        seconds: retrieve.seconds + evalTrec.seconds,
        rssMb: Math.max(retrieve.rssMb, evalTrec.rssMb),
      };
    };
    const engineReference = () =>
      measure(work, env, [
        "--import",
        "tsx",
        join(ROOT, "bench", "evaluate-engine-child.ts"),
        SCIFACT,
        join(work, "chunked.json"),
        "label",
        "2000",
      ]);

    const pairs = [
      {
        name: "whole documents, document mode",
        key: "whole",
        app: () => evaluate("whole", "document"),
        reference: trecReference,
        referenceName: "retrieve + eval-trec",
      },
      {
        name: "400/80-character chunks, label mode",
        key: "chunked",
        app: () => evaluate("chunked", "label"),
        reference: engineReference,
        referenceName: "engine alone",
      },
    ].filter((pair) => !values.only || pair.key === values.only);
    const repeats = Number(values.repeats);
    console.log(
      `SciFact (300 test queries, 5,183 documents), top 1,000, ${database.provider}; ${repeats} repeats after a warm-up`,
    );
    for (const pair of pairs) {
      await pair.app(); // warm-up: the BM25 index cache, the page cache
      const app: Measured[] = [];
      const reference: Measured[] = [];
      for (let repeat = 0; repeat < repeats; repeat++) {
        // alternate the order, so neither side always runs right after the other's page-cache effects
        if (repeat % 2 === 0) {
          app.push(await pair.app());
          reference.push(await pair.reference());
        } else {
          reference.push(await pair.reference());
          app.push(await pair.app());
        }
      }
      report(pair.name, pair.referenceName, app, reference);
    }
  } finally {
    await database.dispose();
    rmSync(work, { recursive: true, force: true });
  }
}

function report(name: string, referenceName: string, app: Measured[], reference: Measured[]): void {
  const appSeconds = median(app.map((row) => row.seconds));
  const referenceSeconds = median(reference.map((row) => row.seconds));
  const appRss = Math.max(...app.map((row) => row.rssMb));
  const referenceRss = Math.max(...reference.map((row) => row.rssMb));
  const list = (rows: Measured[]) => rows.map((row) => row.seconds.toFixed(2)).join(", ");
  console.log(`\n${name}`);
  console.log(
    `  ${"evaluate".padEnd(21)} median ${appSeconds.toFixed(2)} s (${list(app)}), peak RSS ${appRss.toFixed(0)} MB`,
  );
  console.log(
    `  ${referenceName.padEnd(21)} median ${referenceSeconds.toFixed(2)} s (${list(reference)}), peak RSS ${referenceRss.toFixed(0)} MB`,
  );
  console.log(
    `  ratio ${(appSeconds / referenceSeconds).toFixed(2)}× (target ≤ 1.5×), evaluate peak RSS ${appRss.toFixed(0)} MB (target ≤ 350 MB)`,
  );
}

/** Runs `node ARGS` under GNU time; wall seconds and the child's peak RSS. Throws on a non-zero exit. */
async function measure(work: string, env: NodeJS.ProcessEnv, args: string[]): Promise<Measured> {
  const rssFile = join(work, "rss.txt");
  const started = performance.now();
  const child = spawn("/usr/bin/time", ["-f", "%M", "-o", rssFile, process.execPath, ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${args.slice(0, 3).join(" ")} … exited ${code}:\n${stderr.slice(-2000)}`);
  return { seconds, rssMb: Number(readFileSync(rssFile, "utf8").trim().split("\n").at(-1)) / 1024 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A fresh database with the migrations applied: a SQLite file in `work`, or evaluate_bench_<random>. */
async function createDatabase(provider: "sqlite" | "postgresql", work: string) {
  if (provider === "sqlite") {
    const url = `file:${join(work, "bench.db")}`;
    execFileSync(process.execPath, [CLI, "migrate"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: "ignore",
    });
    return { provider, url, dispose: async () => {} };
  }
  const serverUrl = testPostgresServerUrl();
  const name = `evaluate_bench_${randomBytes(4).toString("hex")}`;
  execFileSync(
    process.execPath,
    [
      join(ROOT, "lib", "db", "testing", "create-postgresql-database.mjs"),
      serverUrl,
      name,
      join(ROOT, "prisma", "postgresql", "migrations"),
    ],
    { stdio: "inherit" },
  );
  return {
    provider,
    url: databaseUrl(serverUrl, name),
    dispose: async () => {
      const server = new pg.Client({ connectionString: serverUrl });
      await server.connect();
      await server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await server.end();
    },
  };
}

/** SciFact's documents and its test qrels as the set "scifact test" (document labels). */
async function seedScifact(url: string, scifact: string): Promise<void> {
  const prisma = createPrismaClient(url);
  try {
    const source = await openBeirFolder(scifact);
    await importDocuments(prisma, { corpusName: "scifact", documents: source.documents() });
    await importGoldenSetFile(prisma, { file: await scifactSetFile(prisma, source) });
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

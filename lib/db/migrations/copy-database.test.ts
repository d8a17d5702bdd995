import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiTokenForEmail } from "@/lib/api-tokens/create-api-token";
import { changeLabelGrade } from "@/lib/curation/change-label";
import { importJudgments } from "@/lib/curation/judgment-imports";
import { createPrismaClient, type Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { readMigrations } from "@/lib/db/migrations/apply-postgresql-migrations";
import { compareDatabases } from "@/lib/db/migrations/compare-databases";
import { COPIED_TABLES } from "@/lib/db/migrations/copied-tables";
import { CopyRolledBackError, copyDatabase } from "@/lib/db/migrations/copy-database";
import { pinBaselineRun } from "@/lib/db/run-curation";
import {
  createSqliteTestDatabase,
  databaseUrl,
  type TestDatabase,
  tableCounts,
  testDatabaseProvider,
  testPostgresServerUrl,
} from "@/lib/db/testing/test-database";
import { seedDemo } from "@/lib/demo/seed-demo";
import { AppError } from "@/lib/errors";
import { parseJudgmentFiles } from "@/lib/exchange/parse-judgment-files";

// migrate-data on real databases: the demo (plus what it lacks: label history from an edit, an API
// token, a judgment import and its set, a pinned baseline run — the schema's one FK cycle —,
// binary and null-Json rows) from a SQLite file into fresh PostgreSQL databases of our own.

const root = path.resolve(import.meta.dirname, "../../..");
const migrationsDir = path.join(root, "prisma", "postgresql", "migrations");
const serverUrl = testPostgresServerUrl();
// trust auth ignores it: the CLI must never print it
const PASSWORD = "not-shown-pw-4711";

const reachable = await (async () => {
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await probe.connect();
    await probe.end();
    return true;
  } catch {
    return false;
  }
})();
if (!reachable)
  console.warn(`Skipping the migrate-data tests: no PostgreSQL answers at ${new URL(serverUrl).host}.`);

const dropped: string[] = [];

/** A new, empty PostgreSQL database (dropped in afterAll), as the URL a user would give. */
async function newTargetDatabase(): Promise<string> {
  const name = `gs_migrate_${randomBytes(6).toString("hex")}`;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`CREATE DATABASE "${name}" TEMPLATE template0 LOCALE 'C.UTF-8' ENCODING 'UTF8'`);
  await server.end();
  dropped.push(name);
  const url = new URL(databaseUrl(serverUrl, name));
  url.password = PASSWORD;
  return url.toString();
}

let source: TestDatabase;
const clients: Db[] = [];

function open(url: string): Db {
  const client = createPrismaClient(url);
  clients.push(client);
  return client;
}

/** Every row of every table, in key order: the copy must hold the same values, column by column. */
async function allRows(prisma: Db): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  for (const table of COPIED_TABLES) {
    const delegate = (prisma as unknown as Record<string, { findMany(args: object): Promise<unknown[]> }>)[
      table.model
    ];
    const found =
      (await delegate?.findMany({ orderBy: table.key.map((field) => ({ [field]: "asc" })) })) ?? [];
    // Bytes come back as Buffer from one driver and Uint8Array from the other: compare the bytes
    rows[table.table] = found.map((row) =>
      Object.fromEntries(
        Object.entries(row as Record<string, unknown>).map(([field, value]) => [
          field,
          value instanceof Uint8Array ? Buffer.from(value).toString("hex") : value,
        ]),
      ),
    );
  }
  return rows;
}

async function addWhatTheDemoLacks(prisma: Db): Promise<void> {
  const engineer = await prisma.user.findFirstOrThrow({ where: { role: "engineer" } });
  const label = await prisma.label.findFirstOrThrow({ include: { query: true }, orderBy: { id: "asc" } });
  await changeLabelGrade(prisma, {
    setId: label.query.goldenSetId,
    queryId: label.queryId,
    labelId: label.id,
    actor: { id: engineer.id, email: engineer.email, role: "engineer" },
    grade: label.grade === 0 ? 1 : 0,
  });
  await createApiTokenForEmail(prisma, { email: engineer.email, name: "ci" });
  const run = await prisma.run.findFirstOrThrow({ where: { status: "succeeded" }, orderBy: { id: "asc" } });
  await pinBaselineRun(prisma, { runId: run.id });

  async function* documents() {
    yield {
      externalId: "kb-1",
      title: "Reset",
      text: "Hold the reset button for ten seconds.",
      metadata: null,
    };
    yield {
      externalId: "kb-2",
      title: "Drive",
      text: "Pull the tray by its handle.",
      metadata: { lang: "en" },
    };
  }
  await importDocuments(prisma, { corpusName: "tiny", documents: documents() });
  const parsed = parseJudgmentFiles({
    format: "trec",
    judgments: { name: "qrels.txt", text: "t1 0 kb-1 2\nt1 0 kb-2 0\nt2 0 kb-2 1\n" },
    queries: { name: "topics.tsv", text: "t1\treset my router\nt2\treplace a drive\n" },
  });
  await importJudgments(prisma, {
    ...parsed,
    setName: "imported qrels",
    corpusName: "tiny",
    importedBy: { id: engineer.id, email: engineer.email },
  });
  await prisma.embeddingCacheEntry.create({
    data: { provider: "openai", model: "m", textHash: "h1", vector: new Uint8Array([0, 1, 254, 255]) },
  });
  await prisma.auditEvent.createMany({
    data: [
      { kind: "test", subject: "s", detail: { b: 1, a: [2, { z: null }] } },
      { kind: "test", subject: "t" },
    ],
  });
}

beforeAll(async () => {
  if (!reachable || testDatabaseProvider() === "postgresql") return;
  source = createSqliteTestDatabase();
  expect(await seedDemo(source.prisma)).toBe(true);
  await addWhatTheDemoLacks(source.prisma);
}, 240_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.$disconnect()));
  await source?.dispose();
  if (!dropped.length) return;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  for (const name of dropped) await server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await server.end();
});

// The source is always SQLite and the targets always PostgreSQL: one run covers it, so the
// PostgreSQL pass of bin/test.sh (GOLDENSET_TEST_DATABASE=postgresql) does not repeat it.
describe.skipIf(!reachable || testDatabaseProvider() === "postgresql")(
  "migrate-data from the demo SQLite database to PostgreSQL",
  () => {
    let targetUrl: string;

    it("copies every table and every value, verified, and refuses to copy again", async () => {
      targetUrl = await newTargetDatabase();
      const started = performance.now();
      // small pages: several per table, compound keys included
      const summary = await copyDatabase({
        fromUrl: source.url,
        toUrl: targetUrl,
        migrationsDir,
        batchSize: 37,
      });
      console.info(
        `migrate-data copied ${Object.values(summary.tables).reduce((a, b) => a + b, 0)} rows in ${Math.round(performance.now() - started)} ms`,
      );
      const target = open(targetUrl);
      const sourceCounts = await tableCounts(source.prisma);
      expect(summary).toEqual({ tables: expect.any(Object), sets: 2, verified: true });
      expect(summary.tables).toEqual(sourceCounts);
      expect(await tableCounts(target)).toEqual(sourceCounts);
      for (const table of [
        "Label",
        "LabelEvent",
        "RunResult",
        "LogQuerySource",
        "JudgmentImport",
        "ApiToken",
      ]) {
        expect(sourceCounts[table], table).toBeGreaterThan(0);
      }
      expect(await allRows(target)).toEqual(await allRows(source.prisma));
      for (const set of await source.prisma.goldenSet.findMany()) {
        const exported = JSON.stringify(await buildGoldenSetFile(source.prisma, set.id));
        expect(JSON.stringify(await buildGoldenSetFile(target, set.id))).toBe(exported);
      }
      const pinned = await target.goldenSet.findFirstOrThrow({ where: { baselineRunId: { not: null } } });
      const original = await source.prisma.goldenSet.findUniqueOrThrow({ where: { id: pinned.id } });
      expect(pinned.updatedAt).toEqual(original.updatedAt);

      const again = await copyDatabase({ fromUrl: source.url, toUrl: targetUrl, migrationsDir }).catch(
        (error: unknown) => error,
      );
      expect(again).toBeInstanceOf(AppError);
      expect((again as AppError).code).toBe("bad_request");
      expect((again as Error).message).toMatch(/not empty: table "user" has 3 row/);
    }, 240_000);

    it("names the table and the set that differ when a copy does not match", async () => {
      const target = open(targetUrl);
      const label = await target.label.findFirstOrThrow({ where: { judgmentImportId: { not: null } } });
      await target.label.delete({ where: { id: label.id } });
      const labels = await source.prisma.label.count();
      const comparison = await compareDatabases({ source: source.prisma, target });
      expect(comparison.mismatches).toEqual([
        `table "Label" has ${labels} row(s) in the source, ${labels - 1} in the target`,
        expect.stringMatching(/^golden set "imported qrels" \(\w+\) exports differently: at character \d+/),
      ]);
    }, 120_000);

    it("runs as bin/goldenset migrate-data, exit 0 then 2, never printing the password", async () => {
      const url = await newTargetDatabase();
      const cli = path.join(root, "bin", "goldenset");
      const run = (to: string) =>
        promisify(execFile)(cli, ["migrate-data", "--from", source.url, "--to", to], {
          env: { ...process.env, DATABASE_URL: source.url },
        }).then(
          ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
          (error: { code: number; stdout: string; stderr: string }) => error,
        );
      const first = await run(url);
      expect(first.stderr).toMatch(/verified: every table's row count and 2 set export\(s\) match/);
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toEqual({
        tables: await tableCounts(source.prisma),
        sets: 2,
        verified: true,
      });
      const second = await run(url);
      expect(second.code).toBe(2);
      expect(second.stderr).toMatch(/The target database is not empty: table "user"/);
      const missing = await run(url.replace(/gs_migrate_\w+/, "gs_migrate_absent"));
      expect(missing.code).toBe(1);
      for (const output of [first, second, missing])
        expect(output.stdout + output.stderr).not.toContain(PASSWORD);
    }, 240_000);

    it("refuses a SQLite database whose migrations lag behind, before touching the target", async () => {
      const old = createSqliteTestDatabase();
      try {
        // Prisma's history table, with the last migration not applied
        await old.prisma.$executeRawUnsafe(
          `CREATE TABLE "_prisma_migrations" (id TEXT PRIMARY KEY, checksum TEXT, finished_at DATETIME, migration_name TEXT, logs TEXT, rolled_back_at DATETIME, started_at DATETIME, applied_steps_count INTEGER)`,
        );
        const sqliteMigrationsDir = path.join(root, "prisma", "migrations");
        const names = readMigrations(sqliteMigrationsDir).map((migration) => migration.name);
        for (const name of names.slice(0, -1)) {
          await old.prisma
            .$executeRaw`INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name) VALUES (${name}, '', '2026-01-01', ${name})`;
        }
        const url = await newTargetDatabase();
        const error = await copyDatabase({
          fromUrl: old.url,
          toUrl: url,
          migrationsDir,
          sqliteMigrationsDir,
        }).catch((caught: unknown) => caught);
        expect((error as AppError).code).toBe("bad_request");
        expect((error as Error).message).toContain(`lacks 1 migration(s) (${names.at(-1)}…)`);
        expect(await tableCounts(open(url))).toEqual({});
      } finally {
        await old.dispose();
      }
    }, 60_000);

    it("rolls everything back when a row cannot be written (PostgreSQL text holds no NUL byte)", async () => {
      const broken = createSqliteTestDatabase();
      try {
        await broken.prisma.user.create({
          data: { id: "u1", name: "A", email: "a@example.com", role: "admin" },
        });
        await broken.prisma.corpus.create({ data: { name: "nul", description: "bad \u0000 byte" } });
        const url = await newTargetDatabase();
        const error = await copyDatabase({ fromUrl: broken.url, toUrl: url, migrationsDir }).catch(
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(CopyRolledBackError);
        const counts = await tableCounts(open(url));
        expect(Object.keys(counts).length).toBe(COPIED_TABLES.length);
        expect(Object.values(counts).every((rows) => rows === 0)).toBe(true);
      } finally {
        await broken.dispose();
      }
    }, 120_000);
  },
);

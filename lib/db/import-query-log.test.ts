import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import type { Db } from "@/lib/db/client";
import { importQueryLog } from "@/lib/db/import-query-log";
import { saveQueryLog } from "@/lib/db/query-logs";
import { createTestDatabase, tableCounts } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { classifierForEntries } from "@/lib/logs/classifier-for-entries";
import { type LogFormatOptions, readLog } from "@/lib/logs/read-log";

// The streamed import (stage in batches, then one save) against the in-memory path it replaced
// (readLog holds every distinct query, then saveQueryLog): the same rows for the same file,
// with batches so small that a query's variants, lines and timestamps span many of them.

let databases: ReturnType<typeof createTestDatabase>[] = [];

beforeEach(() => {
  databases = [];
});

afterEach(async () => {
  await Promise.all(databases.map((database) => database.dispose()));
});

function freshDatabase(): Db {
  const database = createTestDatabase();
  databases.push(database);
  return database.prisma;
}

async function* bytesOf(text: string | Uint8Array, chunk = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === "string" ? Buffer.from(text) : text;
  for (let offset = 0; offset < bytes.length; offset += chunk) yield bytes.subarray(offset, offset + chunk);
}

/** The in-memory path as it was: every distinct query in memory, then one save. */
async function importInMemory(prisma: Db, name: string, text: string, options: LogFormatOptions) {
  const { entries, summary } = await readLog(bytesOf(text), options);
  return saveQueryLog(prisma, {
    name,
    fileName: name,
    format: options.format,
    entries,
    summary,
    options,
    classify: await classifierForEntries(entries),
  });
}

/** Everything an import writes, without ids and creation times. */
async function storedRows(prisma: Db) {
  const logs = await prisma.queryLog.findMany({ orderBy: { name: "asc" } });
  const queries = await prisma.logQuery.findMany({ orderBy: { normalized: "asc" } });
  const sources = await prisma.logQuerySource.findMany({
    include: { logQuery: { select: { normalized: true } }, queryLog: { select: { name: true } } },
  });
  return {
    logs: logs.map(({ id: _id, createdAt: _createdAt, ...log }) => log),
    queries: queries.map(({ id: _id, createdAt: _createdAt, ...query }) => query),
    sources: sources
      .map(({ logQuery, queryLog, count, firstLine }) => ({
        query: logQuery.normalized,
        log: queryLog.name,
        count,
        firstLine,
      }))
      .sort((a, b) => (a.log + a.query < b.log + b.query ? -1 : 1)),
  };
}

/**
 * A CSV log where "raid rebuild" has 23 spellings (the cap is 20, and an early spelling comes
 * back after the 21st new one), a count column and timestamps out of order, plus queries that
 * classify differently (a typo of a frequent word, a name, a question, an error code).
 */
function makeLog(): string {
  const rows = ["query,count,when"];
  const spellings = Array.from({ length: 23 }, (_, index) =>
    index === 0 ? "raid rebuild" : `raid rebuild${" ".repeat(index)}!`.replace(/ +!/, "!".repeat(index)),
  );
  for (let index = 0; index < 40; index += 1) {
    const day = String(1 + ((index * 7) % 28)).padStart(2, "0");
    rows.push(`${spellings[index % spellings.length]},${1 + (index % 3)},2025-03-${day}T10:00:00Z`);
    rows.push(`firmware update,1,2025-02-${day}T09:00:00Z`);
    if (index % 5 === 0) rows.push(`How do I reset the fan?,1,`);
    if (index % 7 === 0) rows.push(`"Visual Studio Code crash, error 0x80070005",2,`);
  }
  rows.push("firmare update,1,2025-04-01T00:00:00Z");
  rows.push("RAID REBUILD,5,2025-01-15T00:00:00Z");
  return `${rows.join("\n")}\n`;
}

const csv: LogFormatOptions = { format: "csv", countColumn: "count", timestampColumn: "when" };

describe("importQueryLog", () => {
  it("stores the same rows as the in-memory path, whatever the batch size, also when merging into an earlier log", async () => {
    const log = makeLog();
    const earlier = "query\nraid rebuild\nRaid Rebuild!\nfan noise\nfirmware update\n";
    const expected = freshDatabase();
    await importInMemory(expected, "earlier", earlier, { format: "csv" });
    await importInMemory(expected, "march", log, csv);
    const want = await storedRows(expected);

    // The known rows, so that both paths are checked, not only compared.
    const raid = want.queries.find((query) => query.normalized === "raid rebuild")!;
    expect(raid.frequency).toBe(
      2 + 5 + Array.from({ length: 40 }, (_, index) => 1 + (index % 3)).reduce((a, b) => a + b),
    );
    expect((raid.variants as unknown[]).length).toBe(20);
    expect(raid.firstSeen?.toISOString()).toBe("2025-01-15T00:00:00.000Z");
    // "RAID REBUILD" is the 24th spelling: beyond the cap, it adds to the count only.
    expect(raid.display).toBe("raid rebuild");
    expect((raid.variants as { text: string }[]).map(({ text }) => text)).not.toContain("RAID REBUILD");
    expect(want.sources).toContainEqual({ query: "raid rebuild", log: "march", count: 84, firstLine: 2 });
    expect(want.queries.find((query) => query.normalized === "firmare update")?.classes).toContain("typo");

    for (const batchVariants of [1, 2, 3, 7, 1_000]) {
      const streamed = freshDatabase();
      await importQueryLog(streamed, {
        bytes: bytesOf(earlier),
        options: { format: "csv" },
        name: "earlier",
        fileName: "earlier",
        batchVariants,
      });
      const result = await importQueryLog(streamed, {
        bytes: bytesOf(log),
        options: csv,
        name: "march",
        fileName: "march",
        batchVariants,
      });
      expect(result).toMatchObject({ newQueries: 3, mergedQueries: 2, duplicateOf: null });
      expect(result.summary.unique).toBe(5);
      expect(await storedRows(streamed), `batches of ${batchVariants}`).toEqual(want);
    }
  });

  it("leaves no trace when a line in the middle is fatal, and names that line", async () => {
    const prisma = freshDatabase();
    await importQueryLog(prisma, {
      bytes: bytesOf("query\nkept\n"),
      options: { format: "csv" },
      name: "a",
      fileName: "a",
    });
    const before = await tableCounts(prisma);
    const stageIn = stageFolder();
    const good = Array.from({ length: 30 }, (_, index) => `query ${index}`);
    const bad = ["query", ...good.slice(0, 20), '"unclosed quote', ...good.slice(20)].join("\n");
    const failure = await importQueryLog(prisma, {
      bytes: bytesOf(bad),
      options: { format: "csv" },
      name: "bad",
      fileName: "bad",
      batchVariants: 2,
      stageIn,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).message).toMatch(/^line 22: a quoted field starts here and is never closed/);
    expect(await tableCounts(prisma)).toEqual(before);
    expect(readdirSync(stageIn)).toEqual([]);
  });

  it("leaves no trace and keeps the error when the save fails half-way", async () => {
    const prisma = freshDatabase();
    const before = await tableCounts(prisma);
    const stageIn = stageFolder();
    const lines = Array.from({ length: 1_000 }, (_, index) => `query number ${index}`).join("\n");
    const failure = await importQueryLog(prisma, {
      bytes: bytesOf(lines, 4096),
      options: { format: "text" },
      name: "stopped",
      fileName: "stopped.txt",
      stageIn,
      onSave: async (saved) => {
        if (saved > 0) throw new Error("lease lost");
      },
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toBe("lease lost");
    expect(await tableCounts(prisma)).toEqual(before);
    expect(readdirSync(stageIn)).toEqual([]);
  });

  it("leaves no trace when the gzip stream breaks off after many batches", async () => {
    const prisma = freshDatabase();
    const before = await tableCounts(prisma);
    const lines = Array.from({ length: 5_000 }, (_, index) => `query number ${index}`).join("\n");
    const gzip = gzipSync(lines);
    const failure = await importQueryLog(prisma, {
      bytes: bytesOf(gzip.subarray(0, gzip.length - 30), 1024),
      options: { format: "text" },
      name: "cut",
      fileName: "cut.txt.gz",
      batchVariants: 100,
    }).catch((error: unknown) => error);
    expect((failure as AppError).message).toMatch(/gzip stream is truncated or corrupt/);
    expect(await tableCounts(prisma)).toEqual(before);
  });
});

/**
 * An empty folder for one import's stage: the temp folder itself is shared with the imports other
 * test files run at the same time (another worker thread, a CLI process), whose stages come and go.
 */
function stageFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "goldenset-stage-test-"));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { saveQueryLog } from "@/lib/db/query-logs";
import { setUpDatabasePerTest } from "@/lib/db/testing/database-hooks";
import { tableCounts } from "@/lib/db/testing/test-database";
import { classifierForEntries } from "@/lib/logs/classifier-for-entries";
import type { LogEntry, LogSummary } from "@/lib/logs/read-log";
import { logEntry as entry, logSummaryOf as summaryOf } from "@/lib/logs/testing/log-entries";

let prisma: Db;
setUpDatabasePerTest((client) => {
  prisma = client;
});

async function save(
  name: string,
  entries: LogEntry[],
  extra: { contentHash?: string; summary?: LogSummary } = {},
) {
  return saveQueryLog(prisma, {
    name,
    fileName: `${name}.txt`,
    format: "text",
    entries,
    summary: extra.summary ?? summaryOf(entries),
    classify: await classifierForEntries(entries),
    ...(extra.contentHash ? { contentHash: extra.contentHash } : {}),
  });
}

describe("saveQueryLog", () => {
  it("stores the log's counts, options, problems and per-query classes, first/last seen", async () => {
    const entries = [
      entry("how do i reset the fan?", 3, {
        display: "How do I reset the fan?",
        variants: [{ text: "How do I reset the fan?", count: 3 }],
        firstSeen: new Date("2025-03-02T10:00:00Z"),
        lastSeen: new Date("2025-03-09T10:00:00Z"),
      }),
      entry("error e-4012", 1),
    ];
    const summary = summaryOf(entries, {
      lines: 9,
      skipped: { empty: 1, tooLong: 1, binary: 1, malformed: 2 },
      fallbackDecoded: 1,
      problems: [{ line: 4, message: "not JSON" }],
    });
    const saved = await save("march", entries, { contentHash: "abc", summary });
    expect(saved).toMatchObject({ newQueries: 2, mergedQueries: 0, duplicateOf: null });
    const log = await prisma.queryLog.findUniqueOrThrow({ where: { id: saved.queryLogId } });
    expect(log).toMatchObject({
      lineCount: 9,
      importedCount: 4,
      skippedCount: 5,
      malformedCount: 2,
      fallbackDecoded: 1,
      contentHash: "abc",
      options: { format: "text" },
      problems: [{ line: 4, message: "not JSON" }],
    });
    const question = await prisma.logQuery.findUniqueOrThrow({
      where: { normalized: "how do i reset the fan?" },
    });
    expect(question.classes.split(",")).toContain("question");
    expect(question.firstSeen?.toISOString()).toBe("2025-03-02T10:00:00.000Z");
    expect(question.lastSeen?.toISOString()).toBe("2025-03-09T10:00:00.000Z");
    const code = await prisma.logQuery.findUniqueOrThrow({ where: { normalized: "error e-4012" } });
    expect(code.classes.split(",")).toContain("error-code");
  });

  it("merges a second log: counts summed, variants merged, seen dates widened, provenance per log", async () => {
    const first = await save("one", [
      entry("fan noise", 2, {
        display: "fan noise",
        variants: [{ text: "fan noise", count: 2 }],
        firstSeen: new Date("2025-03-05T00:00:00Z"),
        lastSeen: new Date("2025-03-06T00:00:00Z"),
      }),
    ]);
    const second = await save("two", [
      entry("fan noise", 5, {
        display: "Fan Noise",
        firstLine: 7,
        variants: [
          { text: "Fan Noise", count: 4 },
          { text: "fan noise", count: 1 },
        ],
        firstSeen: new Date("2025-03-01T00:00:00Z"),
      }),
      entry("raid rebuild", 1),
    ]);
    expect(second).toMatchObject({ newQueries: 1, mergedQueries: 1 });
    const row = await prisma.logQuery.findUniqueOrThrow({
      where: { normalized: "fan noise" },
      include: { sources: { orderBy: { count: "asc" } } },
    });
    expect(row.frequency).toBe(7);
    expect(row.display).toBe("Fan Noise");
    expect(row.variants).toEqual([
      { text: "Fan Noise", count: 4 },
      { text: "fan noise", count: 3 },
    ]);
    expect(row.firstSeen?.toISOString()).toBe("2025-03-01T00:00:00.000Z");
    expect(row.lastSeen?.toISOString()).toBe("2025-03-06T00:00:00.000Z");
    expect(row.sources.map(({ queryLogId, count, firstLine }) => ({ queryLogId, count, firstLine }))).toEqual(
      [
        { queryLogId: first.queryLogId, count: 2, firstLine: 1 },
        { queryLogId: second.queryLogId, count: 5, firstLine: 7 },
      ],
    );
  });

  it("merges thousands of known queries in batches", async () => {
    const entries = Array.from({ length: 1_234 }, (_, index) => entry(`query ${index}`, 1));
    await save("one", entries);
    const again = await save(
      "two",
      entries.map((known, index) => ({
        ...known,
        count: index + 1,
        variants: [{ text: known.display, count: index + 1 }],
      })),
    );
    expect(again).toMatchObject({ newQueries: 0, mergedQueries: 1_234 });
    const rows = await prisma.logQuery.findMany({ where: { normalized: { in: ["query 0", "query 1233"] } } });
    expect(rows.map((row) => [row.normalized, row.frequency, row.variants]).sort()).toEqual([
      ["query 0", 2, [{ text: "query 0", count: 2 }]],
      ["query 1233", 1_235, [{ text: "query 1233", count: 1_235 }]],
    ]);
    expect(await prisma.logQuerySource.count()).toBe(2_468);
  });

  it("changes nothing for a log whose bytes were imported before", async () => {
    const first = await save("one", [entry("fan noise", 2)], { contentHash: "same" });
    const before = await tableCounts(prisma);
    const again = await save("renamed", [entry("fan noise", 2)], { contentHash: "same" });
    expect(again.duplicateOf).toMatchObject({ id: first.queryLogId, name: "one" });
    expect(await tableCounts(prisma)).toEqual(before);
    expect((await prisma.logQuery.findFirstOrThrow()).frequency).toBe(2);
  });
});

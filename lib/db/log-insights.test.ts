import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { getClassMixByLog, getLogClassMix, getLogSeenRange, listLogQueryPage } from "@/lib/db/log-insights";
import { saveQueryLog } from "@/lib/db/query-logs";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import type { LogEntry } from "@/lib/logs/read-log";
import { logEntry as entry, logSummaryOf } from "@/lib/logs/testing/log-entries";

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let firstLogId: string;
let secondLogId: string;

async function save(name: string, entries: LogEntry[]) {
  const { queryLogId } = await saveQueryLog(prisma, {
    name,
    fileName: `${name}.txt`,
    format: "text",
    entries,
    summary: logSummaryOf(entries),
    classify: ({ normalized }) =>
      normalized.startsWith("error") ? ["error-code"] : normalized.endsWith("?") ? ["question"] : [],
  });
  return queryLogId;
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  firstLogId = await save("first", [
    entry("error e-4012", 5, {
      firstSeen: new Date("2025-03-01T00:00:00Z"),
      lastSeen: new Date("2025-03-09T00:00:00Z"),
      variants: [
        { text: "error E-4012", count: 3 },
        { text: "Error e-4012", count: 2 },
      ],
    }),
    entry("how do i reset?", 3),
    entry("fan", 2),
    entry("errors everywhere", 1),
  ]);
  secondLogId = await save("second", [entry("fan", 10), entry("raid?", 4)]);
});

afterAll(async () => {
  await database.dispose();
});

describe("listLogQueryPage", () => {
  it("pages a log's queries by count in that log, with frequency over all logs", async () => {
    const page = await listLogQueryPage(prisma, { queryLogId: firstLogId, offset: 0, limit: 2 });
    expect(page.total).toBe(4);
    expect(page.rows.map((row) => [row.normalized, row.countInLog, row.frequency])).toEqual([
      ["error e-4012", 5, 5],
      ["how do i reset?", 3, 3],
    ]);
    expect(page.rows[0]).toMatchObject({
      classes: ["error-code"],
      variantCount: 2,
      firstSeen: "2025-03-01T00:00:00.000Z",
      lastSeen: "2025-03-09T00:00:00.000Z",
    });
    const next = await listLogQueryPage(prisma, { queryLogId: firstLogId, offset: 2, limit: 2 });
    expect(next.rows.map((row) => [row.normalized, row.countInLog, row.frequency])).toEqual([
      ["fan", 2, 12],
      ["errors everywhere", 1, 1],
    ]);
  });

  it("filters by a substring of the normal form and by a whole class id", async () => {
    const search = await listLogQueryPage(prisma, {
      queryLogId: firstLogId,
      offset: 0,
      limit: 10,
      search: "RESET",
    });
    expect(search.rows.map((row) => row.normalized)).toEqual(["how do i reset?"]);
    const byClass = await listLogQueryPage(prisma, {
      queryLogId: firstLogId,
      offset: 0,
      limit: 10,
      queryClass: "error-code",
    });
    expect(byClass.total).toBe(2);
    const partial = await listLogQueryPage(prisma, {
      queryLogId: firstLogId,
      offset: 0,
      limit: 10,
      queryClass: "error",
    });
    expect(partial.total).toBe(0);
  });
});

describe("class mix", () => {
  it("counts distinct queries and lines per class, per log and over all logs", async () => {
    const mix = await getLogClassMix(prisma, { queryLogIds: [firstLogId] });
    expect(mix).toMatchObject({ totalDistinct: 4, totalLines: 11 });
    const row = (queryClass: string) => mix.rows.find((entry) => entry.queryClass === queryClass);
    expect(row("error-code")).toMatchObject({ distinct: 2, lines: 6 });
    expect(row("unclassified")).toMatchObject({ distinct: 1, lines: 2 });

    const all = await getLogClassMix(prisma);
    expect(all).toMatchObject({ totalDistinct: 5, totalLines: 25 });
    const byLog = await getClassMixByLog(prisma);
    expect(byLog.get(secondLogId)?.rows.find((entry) => entry.queryClass === "question")).toMatchObject({
      distinct: 1,
      lines: 4,
    });
  });

  it("gives a log's first and last timestamps", async () => {
    expect(await getLogSeenRange(prisma, firstLogId)).toEqual({
      firstSeen: new Date("2025-03-01T00:00:00Z"),
      lastSeen: new Date("2025-03-09T00:00:00Z"),
    });
    expect(await getLogSeenRange(prisma, secondLogId)).toEqual({ firstSeen: null, lastSeen: null });
  });
});

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { importLogCommand } from "@/lib/cli/import-log-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { db } from "@/lib/db/client";
import { saveQueryLog } from "@/lib/db/query-logs";

// The database is mocked: --dry-run must not open it, and saving is saveQueryLog's own business.
vi.mock("@/lib/db/client", () => ({ db: vi.fn(() => ({ fake: "client" })) }));
vi.mock("@/lib/db/query-logs", () => ({
  saveQueryLog: vi.fn(async () => ({ queryLogId: "log-1", newQueries: 2, mergedQueries: 0 })),
}));

const dir = mkdtempSync(join(tmpdir(), "goldenset-import-log-command-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const csvPath = join(dir, "searches.csv.gz");
writeFileSync(csvPath, gzipSync("id,q,n\n1,How do I reset my password?,3\n2,E-4012,1\n3\n"));
const jsonlPath = join(dir, "log.ndjson");
writeFileSync(jsonlPath, '{"request":{"query":"printer"}}\n{"request":{"query":"Printer"}}\n');

beforeEach(() => vi.clearAllMocks());

describe("import-log command", () => {
  it("parses, classifies and prints a summary without opening the database on --dry-run", async () => {
    const { code, stdout } = await runCommandInProcess(importLogCommand, [
      csvPath,
      "--column",
      "q",
      "--count-column",
      "n",
      "--dry-run",
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      file: "searches.csv.gz",
      format: "csv",
      lines: 4,
      imported: 4,
      unique: 2,
      skipped: { empty: 0, tooLong: 0, binary: 0, malformed: 1 },
      fallbackDecoded: 0,
      problems: [{ line: 4, message: 'the row has 1 column, so column "q" is missing' }],
      dryRun: true,
    });
    expect(report.classes.question).toBe(1);
    expect(report.classes["error-code"]).toBe(1);
    expect(db).not.toHaveBeenCalled();
    expect(saveQueryLog).not.toHaveBeenCalled();
  });

  it("saves through saveQueryLog with the format and name", async () => {
    const { code, stdout } = await runCommandInProcess(importLogCommand, [
      jsonlPath,
      "--field",
      "request.query",
      "--name",
      "June",
    ]);
    expect(code).toBe(0);
    expect(saveQueryLog).toHaveBeenCalledWith(
      { fake: "client" },
      expect.objectContaining({ name: "June", fileName: "log.ndjson", format: "jsonl" }),
    );
    expect(JSON.parse(stdout)).toMatchObject({ unique: 1, imported: 2, queryLogId: "log-1", newQueries: 2 });
  });

  it("refuses options of another format and a missing file", async () => {
    await expect(runCommandInProcess(importLogCommand, [jsonlPath, "--column", "q"])).rejects.toThrow(
      /^--column does not apply to jsonl logs/,
    );
    await expect(
      runCommandInProcess(importLogCommand, [join(dir, "nope.txt"), "--dry-run"]),
    ).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(runCommandInProcess(importLogCommand, [])).rejects.toThrow(/a FILE argument is required/);
  });
});

import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { enqueueJob, getJobView } from "@/lib/db/jobs";
import { setUpDatabasePerTest } from "@/lib/db/testing/database-hooks";
import { tableCounts } from "@/lib/db/testing/test-database";
import type { JobPayload } from "@/lib/jobs/job-schema";
import { drainJobs } from "@/lib/worker/worker";

// The import-log job end to end through the worker, on a real SQLite file: format options,
// classification, merging, idempotent re-import, partial imports, and all-or-nothing failures.

let prisma: Db;
let uploads = 0;
setUpDatabasePerTest((client) => {
  prisma = client;
});

async function runImport(
  fileName: string,
  content: string | Uint8Array,
  extra: Partial<JobPayload<"import-log">> = {},
) {
  uploads += 1;
  const filePath = path.join(tmpdir(), `goldenset-import-log-${process.pid}-${uploads}-${fileName}`);
  await writeFile(filePath, content);
  const jobId = await enqueueJob(prisma, {
    kind: "import-log",
    payload: { filePath, fileName, logName: extra.logName ?? fileName, ...extra },
  });
  await drainJobs(prisma);
  expect(existsSync(filePath)).toBe(false);
  return getJobView(prisma, jobId);
}

/** Runs a failing import and checks that no table but Job changed. */
async function expectFailedUnchanged(fileName: string, content: string | Uint8Array, extra = {}) {
  const before = await tableCounts(prisma);
  const job = await runImport(fileName, content, extra);
  expect(job.status).toBe("failed");
  const after = await tableCounts(prisma);
  expect({ ...after, Job: 0 }).toEqual({ ...before, Job: 0 });
  return job.error ?? "";
}

describe("the import-log job", () => {
  it("reads the format from the file name, classifies and stores the queries", async () => {
    const job = await runImport(
      "march.csv",
      "query,when\nerror E-4012,2025-03-02T10:00:00Z\nhow do I reset the fan?,2025-03-01T09:00:00Z\nerror e-4012,2025-03-05T10:00:00Z\n",
      { options: { format: "csv", timestampColumn: "when" } },
    );
    expect(job).toMatchObject({ status: "succeeded", error: null });
    expect(job.message).toBe("4 lines → 2 distinct queries (2 new)");
    const log = await prisma.queryLog.findFirstOrThrow();
    expect(log).toMatchObject({ format: "csv", lineCount: 4, importedCount: 3, malformedCount: 0 });
    expect(log.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(log.options).toEqual({ format: "csv", timestampColumn: "when" });
    const code = await prisma.logQuery.findUniqueOrThrow({ where: { normalized: "error e-4012" } });
    expect(code).toMatchObject({ frequency: 2 });
    expect(code.classes.split(",")).toContain("error-code");
    expect(code.firstSeen?.toISOString()).toBe("2025-03-02T10:00:00.000Z");
    expect(code.lastSeen?.toISOString()).toBe("2025-03-05T10:00:00.000Z");

    const detected = await runImport(
      "april.jsonl.gz",
      gzipSync(`{"query":"fan noise"}\n{"query":"Error E-4012"}\n`),
    );
    expect(detected.message).toBe("2 lines → 2 distinct queries (1 new)");
    expect((await prisma.queryLog.findFirstOrThrow({ where: { name: "april.jsonl.gz" } })).format).toBe(
      "jsonl",
    );
  });

  it("merges a second log and keeps provenance per log; the same bytes again change nothing", async () => {
    const first = await runImport("one.txt", "fan noise\nfan noise\nraid rebuild\n", { logName: "One" });
    const second = await runImport("two.txt", "Fan Noise\nvpn drops\n", { logName: "Two" });
    expect(second.message).toBe("2 lines → 2 distinct queries (1 new)");
    const fan = await prisma.logQuery.findUniqueOrThrow({
      where: { normalized: "fan noise" },
      include: { sources: true },
    });
    expect(fan.frequency).toBe(3);
    expect(fan.sources.map((source) => source.count).sort()).toEqual([1, 2]);

    const before = await tableCounts(prisma);
    const again = await runImport("renamed.txt", "fan noise\nfan noise\nraid rebuild\n", {
      logName: "Again",
    });
    const one = await prisma.queryLog.findFirstOrThrow({ where: { name: "One" } });
    expect(again.status).toBe("succeeded");
    expect(again.message).toBe(`already imported as One on ${one.createdAt.toISOString().slice(0, 10)}`);
    expect(again.result).toEqual({ duplicateOf: one.id });
    expect({ ...(await tableCounts(prisma)), Job: 0 }).toEqual({ ...before, Job: 0 });
    expect(first.status).toBe("succeeded");
  });

  it("imports a JSONL log with a few bad lines as partial, keeping the problems", async () => {
    const lines = [
      `{"q":"fan noise"}`,
      `{"q":"raid rebuild"}`,
      `{"q": broken`,
      `{"q":"vpn drops"}`,
      `{"other":"x"}`,
      `{"q":"fan noise"}`,
    ];
    const job = await runImport("may.jsonl", `${lines.join("\n")}\n`, {
      options: { format: "jsonl", field: "q" },
    });
    expect(job.status).toBe("succeeded");
    expect(job.message).toMatch(
      /^partial: 2 malformed lines skipped \(first at line 3\) · 6 lines → 3 distinct/,
    );
    expect(job.result).toMatchObject({ partial: true });
    const log = await prisma.queryLog.findFirstOrThrow();
    expect(log).toMatchObject({ malformedCount: 2, skippedCount: 2 });
    expect((log.problems as { line: number }[]).map((problem) => problem.line)).toEqual([3, 5]);
  });

  describe("fails with the reader's message and leaves every table as it was", () => {
    beforeEach(async () => {
      await runImport("seed.txt", "fan noise\nraid rebuild\n");
    });

    it("on a CSV with an unbalanced quote", async () => {
      const error = await expectFailedUnchanged("bad.csv", 'query\nfan noise\n"raid rebuild\nvpn\n');
      expect(error).toMatch(/^line 3: a quoted field starts here and is never closed/);
    });

    it("on a truncated gzip", async () => {
      const gzip = gzipSync("fan noise\n".repeat(5_000));
      const error = await expectFailedUnchanged("cut.txt.gz", gzip.subarray(0, gzip.length - 20));
      expect(error).toMatch(/gzip stream is truncated or corrupt/);
    });

    it("on a JSONL log with more than half its lines bad", async () => {
      const error = await expectFailedUnchanged("bad.jsonl", `{"query":"fan noise"}\nnope\n{"query": \n`);
      expect(error).toMatch(/2 of 3 non-empty rows are malformed .* The first is line 2/);
    });

    it("on a column that is not in the header", async () => {
      const error = await expectFailedUnchanged("cols.tsv", "q\twhen\nfan noise\t2025-03-01\n", {
        options: { format: "tsv", column: "query" },
      });
      expect(error).toMatch(/^line 1: .*"query" is not in the header; its columns are "q", "when"/);
    });
  });
});

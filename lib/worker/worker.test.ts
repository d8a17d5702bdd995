import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { enqueueJob, getJobView, STALE_JOB_MS } from "@/lib/db/jobs";
import { setUpDatabasePerTest } from "@/lib/db/testing/database-hooks";
import { tableCounts } from "@/lib/db/testing/test-database";
import { drainJobs, recoverJobs, runNextJob } from "@/lib/worker/worker";

let prisma: Db;
setUpDatabasePerTest((client) => {
  prisma = client;
});

async function upload(name: string, content: string): Promise<string> {
  const file = path.join(tmpdir(), `goldenset-worker-${process.pid}-${Date.now()}-${name}`);
  await writeFile(file, content);
  return file;
}

describe("the job worker", () => {
  it("runs a corpus import to completion with progress and a result", async () => {
    const filePath = await upload(
      "ok.jsonl",
      `${JSON.stringify({ id: "a", title: "A", text: "alpha beta" })}\n`,
    );
    const jobId = await enqueueJob(prisma, {
      kind: "import-corpus",
      payload: { filePath, fileName: "ok.jsonl", format: "jsonl", corpusName: "docs" },
    });
    expect(await drainJobs(prisma)).toBe(1);
    const job = await getJobView(prisma, jobId);
    expect(job).toMatchObject({ status: "succeeded", progress: 1, error: null });
    expect(job.message).toMatch(/1 documents: 1 new/);
    expect(await prisma.document.count()).toBe(1);
  });

  it("fails a bad import visibly, with the line, and leaves the database as it was", async () => {
    const filePath = await upload("bad.jsonl", `${JSON.stringify({ id: "a", text: "fine" })}\nnot json\n`);
    const jobId = await enqueueJob(prisma, {
      kind: "import-corpus",
      payload: { filePath, fileName: "bad.jsonl", format: "jsonl", corpusName: "docs" },
    });
    const before = await tableCounts(prisma);
    await drainJobs(prisma);
    const job = await getJobView(prisma, jobId);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/line 2/);
    const after = await tableCounts(prisma);
    expect({ ...after, Job: 0 }).toEqual({ ...before, Job: 0 });
  });

  it("marks the run failed when its evaluation fails", async () => {
    const jobId = await enqueueJob(prisma, { kind: "evaluate-run", payload: { runId: "missing" } });
    await runNextJob(prisma);
    expect((await getJobView(prisma, jobId)).status).toBe("failed");
  });

  it("requeues a job a dead process left running, and gives up after three attempts", async () => {
    const jobId = await enqueueJob(prisma, { kind: "evaluate-run", payload: { runId: "missing" } });
    const longAgo = new Date(Date.now() - STALE_JOB_MS - 1_000);
    await prisma.job.update({
      where: { id: jobId },
      data: { status: "running", heartbeatAt: longAgo, attempts: 1 },
    });
    expect(await recoverJobs(prisma, new Date())).toEqual({ requeued: 1, failed: 0 });
    expect((await getJobView(prisma, jobId)).status).toBe("queued");

    await prisma.job.update({
      where: { id: jobId },
      data: { status: "running", heartbeatAt: longAgo, attempts: 3 },
    });
    expect(await recoverJobs(prisma, new Date())).toEqual({ requeued: 0, failed: 1 });
    const job = await getJobView(prisma, jobId);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/restarted/);
  });

  it("leaves a running job with a fresh heartbeat alone", async () => {
    const jobId = await enqueueJob(prisma, { kind: "evaluate-run", payload: { runId: "x" } });
    await prisma.job.update({ where: { id: jobId }, data: { status: "running", heartbeatAt: new Date() } });
    expect(await recoverJobs(prisma, new Date())).toEqual({ requeued: 0, failed: 0 });
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveQuoteLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { listRecentJobs } from "@/lib/db/jobs";
import {
  cancelJudgingJob,
  getJudgingJob,
  listJudgingJobs,
  resumeJudgingJob,
  startJudgingJob,
} from "@/lib/db/judging-jobs";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import type { JudgingServices } from "@/lib/judging/judging-services";
import { type FakeChatServer, startFakeChatServer } from "@/lib/judging/testing/fake-chat-server";
import {
  createFakeJudge,
  fakeJudgingServices,
  type JudgingFixture,
  seedJudgingFixture,
} from "@/lib/judging/testing/judging-fixture";
import { drainJobs, runNextJob } from "@/lib/worker/worker";

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let server: FakeChatServer;
let fixture: JudgingFixture;
let services: JudgingServices;

beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  server.reset();
  fixture = await seedJudgingFixture(prisma);
  services = fakeJudgingServices(server);
});
afterEach(async () => {
  await database.dispose();
});

function startPool(judgeId: string, source?: Parameters<typeof startJudgingJob>[1]["source"]) {
  return startJudgingJob(prisma, {
    setId: fixture.setId,
    judgeId,
    source: source ?? { kind: "runs", runIds: [fixture.runId] },
    createdById: fixture.userId,
  });
}

async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The passages the fake server was asked about, as "<query>|<passage>" (one per request). */
function askedPairs(): string[] {
  return server.requests.map((request) => {
    const body = request.body as { messages: { content: string }[] };
    const prompt = body.messages.at(-1)?.content ?? "";
    const query = /^Query: (.*)$/m.exec(prompt)?.[1];
    const passage = /<passage>\n([\s\S]*?)\n<\/passage>/.exec(prompt)?.[1];
    return `${query}|${passage}`;
  });
}

describe("starting judging jobs", () => {
  it("refuses a bad source, an unknown run and an archived judge, naming what is wrong", async () => {
    const judge = await createFakeJudge(prisma, { server });
    await expect(startPool(judge.id, { kind: "runs", runIds: [] })).rejects.toThrow(
      /source\.runIds: choose at least one run/,
    );
    await expect(startPool(judge.id, { kind: "runs", runIds: [fixture.runId], depth: 500 })).rejects.toThrow(
      /source\.depth: depth must be at most 100/,
    );
    await expect(startPool(judge.id, { kind: "holes", runId: "nope" })).rejects.toThrow(/no run nope/);
    await prisma.judge.update({ where: { id: judge.id }, data: { archivedAt: new Date() } });
    await expect(startPool(judge.id)).rejects.toThrow(/archived/);
  });

  it("lists a set's jobs newest first with the judge's name and version", async () => {
    const judge = await createFakeJudge(prisma, { server });
    const first = await startPool(judge.id);
    const second = await startPool(judge.id, { kind: "holes", runId: fixture.runId, depth: 2 });
    const jobs = await listJudgingJobs(prisma, { setId: fixture.setId });
    expect(jobs.map((job) => job.id)).toEqual([second.jobId, first.jobId]);
    expect(jobs[0]).toMatchObject({
      status: "queued",
      judgeName: judge.name,
      judgeVersion: 1,
      source: { kind: "holes", runId: fixture.runId, depth: 2 },
      figures: { pairs: 0, calls: 0, cost: null },
    });
    expect(await listJudgingJobs(prisma, { setId: "other" })).toEqual([]);
    // the jobs page names the judge and the set
    const [recent] = await listRecentJobs(prisma, { take: 1 });
    expect(recent?.judging).toMatchObject({
      judge: { name: judge.name, version: 1 },
      set: { id: fixture.setId },
    });
  });
});

describe("the budget", () => {
  it("pauses at exactly maxCalls requests; resuming finishes without sending a pair twice", async () => {
    const judge = await createFakeJudge(prisma, { server, settings: { maxCalls: 4, concurrency: 3 } });
    const { jobId } = await startPool(judge.id);
    await drainJobs(prisma, { judgingServices: services });
    const paused = await getJudgingJob(prisma, jobId);
    expect(server.requests).toHaveLength(4);
    expect(paused.status).toBe("paused");
    expect(paused.finishedAt).toBeNull();
    expect(paused.message).toMatch(
      /^paused: budget of 4 calls used; resume to go on · 4 of 9 pairs · 4 calls/,
    );
    expect(paused.figures).toMatchObject({ pairs: 9, judged: 4, calls: 4 });
    // a paused job is not claimed again by itself
    expect(await drainJobs(prisma, { judgingServices: services })).toBe(0);

    for (
      let resumes = 0;
      resumes < 3 && (await getJudgingJob(prisma, jobId)).status === "paused";
      resumes++
    ) {
      await resumeJudgingJob(prisma, { jobId });
      await drainJobs(prisma, { judgingServices: services });
    }
    const done = await getJudgingJob(prisma, jobId);
    expect(done.status).toBe("succeeded");
    expect(done.figures).toMatchObject({ pairs: 9, judged: 9, calls: 9 });
    expect(server.requests).toHaveLength(9);
    expect(new Set(askedPairs()).size).toBe(9);
  });

  it("counts retries against the budget", async () => {
    const judge = await createFakeJudge(prisma, { server, settings: { maxCalls: 3 } });
    server.script({ kind: "server-error" }, { kind: "server-error" });
    const { jobId } = await startPool(judge.id);
    await drainJobs(prisma, { judgingServices: services });
    const job = await getJudgingJob(prisma, jobId);
    expect(server.requests).toHaveLength(3);
    expect(job).toMatchObject({ status: "paused", figures: { judged: 1, calls: 3 } });
  });
});

describe("cancelling", () => {
  it("cancels a queued job at once: no worker runs it", async () => {
    const judge = await createFakeJudge(prisma, { server });
    const { jobId } = await startPool(judge.id);
    await cancelJudgingJob(prisma, { jobId });
    expect(await drainJobs(prisma, { judgingServices: services })).toBe(0);
    expect((await getJudgingJob(prisma, jobId)).status).toBe("cancelled");
    expect(server.requests).toHaveLength(0);
    await expect(cancelJudgingJob(prisma, { jobId })).rejects.toThrow(/has ended \(cancelled\)/);
  });

  it("stops a running job soon, aborting the request in flight, and ends it cancelled", async () => {
    const judge = await createFakeJudge(prisma, { server, settings: { timeoutMs: 30_000 } });
    server.script({ kind: "judge" }, { kind: "hang" });
    const { jobId } = await startPool(judge.id);
    const running = drainJobs(prisma, { judgingServices: services });
    await waitFor(
      () => server.requests.length,
      (count) => count === 2,
    );
    await cancelJudgingJob(prisma, { jobId });
    await running;
    const job = await getJudgingJob(prisma, jobId);
    expect(job.status).toBe("cancelled");
    expect(job.message).toMatch(/^cancelled · 1 of 9 pairs · 2 calls/);
    expect(job.finishedAt).not.toBeNull();
    expect(server.requests).toHaveLength(2);
    expect(await prisma.modelJudgment.count()).toBe(1);
  }, 15_000);
});

describe("a worker killed mid-job", () => {
  it("is taken over after its lease expires; no finished pair is sent again", async () => {
    const judge = await createFakeJudge(prisma, { server, settings: { timeoutMs: 1_000 } });
    server.script({ kind: "judge" }, { kind: "judge" }, { kind: "hang" });
    const { jobId } = await startPool(judge.id);
    const dying = { host: "gone-host", pid: 1, bootId: "a" };
    const hungServices = { ...services, retry: { ...services.retry, maxRetries: 0 } };
    const first = runNextJob(prisma, { worker: dying, judgingServices: hungServices, heartbeatMs: 60_000 });
    await waitFor(
      () => server.requests.length,
      (count) => count === 3,
    );
    // the worker is "killed": its lease runs out while it hangs in a request
    await prisma.job.update({ where: { id: jobId }, data: { leaseExpiresAt: new Date(Date.now() - 1_000) } });
    const survivor = { host: "other-host", pid: 2, bootId: "b" };
    expect(await drainJobs(prisma, { worker: survivor, judgingServices: services })).toBe(1);
    await first; // the old worker wakes up, finds its lease gone and writes nothing
    const job = await getJudgingJob(prisma, jobId);
    expect(job.status).toBe("succeeded");
    expect(job.figures).toMatchObject({ pairs: 9, judged: 9, failed: 0 });
    const asked = askedPairs();
    expect(asked).toHaveLength(10);
    // only the hung passage was asked twice
    expect(new Set(asked).size).toBe(9);
    expect(asked.filter((pair) => pair === asked[2])).toHaveLength(2);
    expect(await prisma.modelJudgment.count()).toBe(9);
    expect((await prisma.job.findUniqueOrThrow({ where: { id: jobId } })).attempts).toBe(2);
  }, 15_000);
});

describe("the holes of a run", () => {
  it("leaves out passages a person judged", async () => {
    const judge = await createFakeJudge(prisma, { server });
    const solar = fixture.documentIds.get("solar")!;
    await saveQuoteLabel(prisma, {
      actor: { id: fixture.userId, email: "engineer@example.test", role: "engineer" },
      setId: fixture.setId,
      queryId: fixture.queryIds[0]!,
      documentId: solar,
      documentVersion: 1,
      start: 0,
      end: 20,
      grade: 2,
    });
    const { jobId } = await startPool(judge.id, { kind: "holes", runId: fixture.runId, depth: 2 });
    await drainJobs(prisma, { judgingServices: services });
    expect((await getJudgingJob(prisma, jobId)).figures).toMatchObject({ pairs: 5, judged: 5 });
    const judged = await prisma.modelJudgment.findMany({ where: { queryId: fixture.queryIds[0]! } });
    expect(judged.map((row) => row.documentId)).not.toContain(solar);
  });

  it("judges the passages no person judged, at depth, and sees the same pool after judging", async () => {
    const judge = await createFakeJudge(prisma, { server });
    const { jobId } = await startPool(judge.id, { kind: "holes", runId: fixture.runId, depth: 2 });
    await drainJobs(prisma, { judgingServices: services });
    const job = await getJudgingJob(prisma, jobId);
    expect(job).toMatchObject({ status: "succeeded", figures: { pairs: 6, judged: 6, calls: 6 } });
    expect(new Set((await prisma.modelJudgment.findMany()).map((row) => row.origin))).toEqual(
      new Set(["holes"]),
    );
    server.reset();
    const again = await startPool(judge.id, { kind: "holes", runId: fixture.runId, depth: 2 });
    await drainJobs(prisma, { judgingServices: services });
    expect((await getJudgingJob(prisma, again.jobId)).figures).toMatchObject({
      pairs: 6,
      cached: 6,
      calls: 0,
    });
  });
});

import { describe, expect, it } from "vitest";
import { saveQuoteLabel } from "@/lib/curation/save-label";
import { listRecentJobs } from "@/lib/db/jobs";
import {
  cancelJudgingJob,
  getJudgingJob,
  listJudgingJobs,
  resumeJudgingJob,
  startJudgingJob,
} from "@/lib/db/judging-jobs";
import { waitFor } from "@/lib/jobs/testing/wait-for";
import { createFakeJudge } from "@/lib/judging/testing/judging-fixture";
import { setUpJudgingTests } from "@/lib/judging/testing/judging-test-hooks";
import { drainJobs, runNextJob } from "@/lib/worker/worker";

const world = setUpJudgingTests();

function startPool(judgeId: string, source?: Parameters<typeof startJudgingJob>[1]["source"]) {
  return startJudgingJob(world.prisma, {
    setId: world.fixture.setId,
    judgeId,
    source: source ?? { kind: "runs", runIds: [world.fixture.runId] },
    createdById: world.fixture.userId,
  });
}

/** The passages the fake server was asked about, as "<query>|<passage>" (one per request). */
function askedPairs(): string[] {
  return world.server.requests.map((request) => {
    const body = request.body as { messages: { content: string }[] };
    const prompt = body.messages.at(-1)?.content ?? "";
    const query = /^Query: (.*)$/m.exec(prompt)?.[1];
    const passage = /<passage>\n([\s\S]*?)\n<\/passage>/.exec(prompt)?.[1];
    return `${query}|${passage}`;
  });
}

describe("starting judging jobs", () => {
  it("refuses a bad source, an unknown run and an archived judge, naming what is wrong", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    await expect(startPool(judge.id, { kind: "runs", runIds: [] })).rejects.toThrow(
      /source\.runIds: choose at least one run/,
    );
    await expect(
      startPool(judge.id, { kind: "runs", runIds: [world.fixture.runId], depth: 500 }),
    ).rejects.toThrow(/source\.depth: depth must be at most 100/);
    await expect(startPool(judge.id, { kind: "holes", runId: "nope" })).rejects.toThrow(/no run nope/);
    await world.prisma.judge.update({ where: { id: judge.id }, data: { archivedAt: new Date() } });
    await expect(startPool(judge.id)).rejects.toThrow(/archived/);
  });

  it("lists a set's jobs newest first with the judge's name and version", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    const first = await startPool(judge.id);
    const second = await startPool(judge.id, { kind: "holes", runId: world.fixture.runId, depth: 2 });
    const jobs = await listJudgingJobs(world.prisma, { setId: world.fixture.setId });
    expect(jobs.map((job) => job.id)).toEqual([second.jobId, first.jobId]);
    expect(jobs[0]).toMatchObject({
      status: "queued",
      judgeName: judge.name,
      judgeVersion: 1,
      source: { kind: "holes", runId: world.fixture.runId, depth: 2 },
      figures: { pairs: 0, calls: 0, cost: null },
    });
    expect(await listJudgingJobs(world.prisma, { setId: "other" })).toEqual([]);
    // the jobs page names the judge and the set
    const [recent] = await listRecentJobs(world.prisma, { take: 1 });
    expect(recent?.judging).toMatchObject({
      judge: { name: judge.name, version: 1 },
      set: { id: world.fixture.setId },
    });
  });
});

describe("the budget", () => {
  it("pauses at exactly maxCalls requests; resuming finishes without sending a pair twice", async () => {
    const judge = await createFakeJudge(world.prisma, {
      server: world.server,
      settings: { maxCalls: 4, concurrency: 3 },
    });
    const { jobId } = await startPool(judge.id);
    await drainJobs(world.prisma, { judgingServices: world.services });
    const paused = await getJudgingJob(world.prisma, jobId);
    expect(world.server.requests).toHaveLength(4);
    expect(paused.status).toBe("paused");
    expect(paused.finishedAt).toBeNull();
    expect(paused.message).toMatch(
      /^paused: budget of 4 calls used; resume to go on · 4 of 9 pairs · 4 calls/,
    );
    expect(paused.figures).toMatchObject({ pairs: 9, judged: 4, calls: 4 });
    // a paused job is not claimed again by itself
    expect(await drainJobs(world.prisma, { judgingServices: world.services })).toBe(0);

    for (
      let resumes = 0;
      resumes < 3 && (await getJudgingJob(world.prisma, jobId)).status === "paused";
      resumes++
    ) {
      await resumeJudgingJob(world.prisma, { jobId });
      await drainJobs(world.prisma, { judgingServices: world.services });
    }
    const done = await getJudgingJob(world.prisma, jobId);
    expect(done.status).toBe("succeeded");
    expect(done.figures).toMatchObject({ pairs: 9, judged: 9, calls: 9 });
    expect(world.server.requests).toHaveLength(9);
    expect(new Set(askedPairs()).size).toBe(9);
  });

  it("counts retries against the budget", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server, settings: { maxCalls: 3 } });
    world.server.script({ kind: "server-error" }, { kind: "server-error" });
    const { jobId } = await startPool(judge.id);
    await drainJobs(world.prisma, { judgingServices: world.services });
    const job = await getJudgingJob(world.prisma, jobId);
    expect(world.server.requests).toHaveLength(3);
    expect(job).toMatchObject({ status: "paused", figures: { judged: 1, calls: 3 } });
  });
});

describe("cancelling", () => {
  it("cancels a queued job at once: no worker runs it", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    const { jobId } = await startPool(judge.id);
    await cancelJudgingJob(world.prisma, { jobId });
    expect(await drainJobs(world.prisma, { judgingServices: world.services })).toBe(0);
    expect((await getJudgingJob(world.prisma, jobId)).status).toBe("cancelled");
    expect(world.server.requests).toHaveLength(0);
    await expect(cancelJudgingJob(world.prisma, { jobId })).rejects.toThrow(/has ended \(cancelled\)/);
  });

  it("stops a running job soon, aborting the request in flight, and ends it cancelled", async () => {
    const judge = await createFakeJudge(world.prisma, {
      server: world.server,
      settings: { timeoutMs: 30_000 },
    });
    world.server.script({ kind: "judge" }, { kind: "hang" });
    const { jobId } = await startPool(judge.id);
    const running = drainJobs(world.prisma, { judgingServices: world.services });
    await waitFor(
      () => world.server.requests.length,
      (count) => count === 2,
    );
    await cancelJudgingJob(world.prisma, { jobId });
    await running;
    const job = await getJudgingJob(world.prisma, jobId);
    expect(job.status).toBe("cancelled");
    expect(job.message).toMatch(/^cancelled · 1 of 9 pairs · 2 calls/);
    expect(job.finishedAt).not.toBeNull();
    expect(world.server.requests).toHaveLength(2);
    expect(await world.prisma.modelJudgment.count()).toBe(1);
  }, 15_000);
});

describe("a worker killed mid-job", () => {
  it("is taken over after its lease expires; no finished pair is sent again", async () => {
    const judge = await createFakeJudge(world.prisma, {
      server: world.server,
      settings: { timeoutMs: 1_000 },
    });
    world.server.script({ kind: "judge" }, { kind: "judge" }, { kind: "hang" });
    const { jobId } = await startPool(judge.id);
    const dying = { host: "gone-host", pid: 1, bootId: "a" };
    const hungServices = { ...world.services, retry: { ...world.services.retry, maxRetries: 0 } };
    const first = runNextJob(world.prisma, {
      worker: dying,
      judgingServices: hungServices,
      heartbeatMs: 60_000,
    });
    await waitFor(
      () => world.server.requests.length,
      (count) => count === 3,
    );
    // the worker is "killed": its lease runs out while it hangs in a request
    await world.prisma.job.update({
      where: { id: jobId },
      data: { leaseExpiresAt: new Date(Date.now() - 1_000) },
    });
    const survivor = { host: "other-host", pid: 2, bootId: "b" };
    expect(await drainJobs(world.prisma, { worker: survivor, judgingServices: world.services })).toBe(1);
    await first; // the old worker wakes up, finds its lease gone and writes nothing
    const job = await getJudgingJob(world.prisma, jobId);
    expect(job.status).toBe("succeeded");
    expect(job.figures).toMatchObject({ pairs: 9, judged: 9, failed: 0 });
    const asked = askedPairs();
    expect(asked).toHaveLength(10);
    // only the hung passage was asked twice
    expect(new Set(asked).size).toBe(9);
    expect(asked.filter((pair) => pair === asked[2])).toHaveLength(2);
    expect(await world.prisma.modelJudgment.count()).toBe(9);
    expect((await world.prisma.job.findUniqueOrThrow({ where: { id: jobId } })).attempts).toBe(2);
  }, 15_000);
});

describe("the holes of a run", () => {
  it("leaves out passages a person judged", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    const solar = world.fixture.documentIds.get("solar")!;
    await saveQuoteLabel(world.prisma, {
      actor: { id: world.fixture.userId, email: "engineer@example.test", role: "engineer" },
      setId: world.fixture.setId,
      queryId: world.fixture.queryIds[0]!,
      documentId: solar,
      documentVersion: 1,
      start: 0,
      end: 20,
      grade: 2,
    });
    const { jobId } = await startPool(judge.id, { kind: "holes", runId: world.fixture.runId, depth: 2 });
    await drainJobs(world.prisma, { judgingServices: world.services });
    expect((await getJudgingJob(world.prisma, jobId)).figures).toMatchObject({ pairs: 5, judged: 5 });
    const judged = await world.prisma.modelJudgment.findMany({
      where: { queryId: world.fixture.queryIds[0]! },
    });
    expect(judged.map((row) => row.documentId)).not.toContain(solar);
  });

  it("judges the passages no person judged, at depth, and sees the same pool after judging", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    const { jobId } = await startPool(judge.id, { kind: "holes", runId: world.fixture.runId, depth: 2 });
    await drainJobs(world.prisma, { judgingServices: world.services });
    const job = await getJudgingJob(world.prisma, jobId);
    expect(job).toMatchObject({ status: "succeeded", figures: { pairs: 6, judged: 6, calls: 6 } });
    expect(new Set((await world.prisma.modelJudgment.findMany()).map((row) => row.origin))).toEqual(
      new Set(["holes"]),
    );
    world.server.reset();
    const again = await startPool(judge.id, { kind: "holes", runId: world.fixture.runId, depth: 2 });
    await drainJobs(world.prisma, { judgingServices: world.services });
    expect((await getJudgingJob(world.prisma, again.jobId)).figures).toMatchObject({
      pairs: 6,
      cached: 6,
      calls: 0,
    });
  });
});

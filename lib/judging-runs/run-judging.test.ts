import { describe, expect, it } from "vitest";
import { getJudgingJob, resumeJudgingJob, startJudgingJob } from "@/lib/db/judging-jobs";
import { startFakeChatServer } from "@/lib/judging/testing/fake-chat-server";
import {
  createFakeJudge,
  fakeJudgingServices,
  seedJudgingFixture,
} from "@/lib/judging/testing/judging-fixture";
import { setUpJudgingTests } from "@/lib/judging/testing/judging-test-hooks";
import { runJudgingJob } from "@/lib/judging-runs/run-judging";
import { drainJobs } from "@/lib/worker/worker";

const world = setUpJudgingTests();

async function judgePool(judgeId: string, options: { prices?: { promptPerMillion: number } } = {}) {
  const { jobId } = await startJudgingJob(world.prisma, {
    setId: world.fixture.setId,
    judgeId,
    source: { kind: "runs", runIds: [world.fixture.runId], depth: 10 },
    createdById: world.fixture.userId,
    ...options,
  });
  await drainJobs(world.prisma, { judgingServices: world.services });
  return getJudgingJob(world.prisma, jobId);
}

describe("a judging job over a pool", () => {
  it("judges every pair, stores labels by model:<name> with quote targets, and history", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    const job = await judgePool(judge.id, { prices: { promptPerMillion: 1_000_000 } });
    expect(job.status).toBe("succeeded");
    expect(job.figures).toMatchObject({
      pairs: 9,
      judged: 9,
      cached: 0,
      unsupported: 0,
      failed: 0,
      calls: 9,
    });
    expect(job.figures.promptTokens).toBe(world.server.usage.promptTokens);
    expect(job.figures.cost).toBe(world.server.usage.promptTokens);
    expect(job.message).toMatch(/^9 of 9 pairs · 9 calls · \d+k? tokens · \$/);
    expect(world.server.requests).toHaveLength(9);

    const labels = await world.prisma.label.findMany({
      include: { annotator: true },
      orderBy: { grade: "desc" },
    });
    expect(labels).toHaveLength(9);
    expect(new Set(labels.map((label) => label.annotator?.email))).toEqual(new Set([`model:${judge.name}`]));
    const top = labels[0]!;
    expect(top).toMatchObject({ grade: 3, kind: "quote", exact: "Panel efficiency depends on temperature." });
    expect(top.documentId).toBe(world.fixture.documentIds.get("solar"));
    // grade 0 of a passage: a quote label over the whole passage
    expect(labels.filter((label) => label.grade === 0).every((label) => label.kind === "quote")).toBe(true);
    expect(
      await world.prisma.labelEvent.count({ where: { action: "created", actorId: judge.annotatorId } }),
    ).toBe(9);
    // a model label does not make a query labeled or in progress
    const statuses = await world.prisma.query.findMany({ select: { status: true } });
    expect(statuses.every((query) => query.status === "unlabeled")).toBe(true);
    const judgments = await world.prisma.modelJudgment.findMany();
    expect(judgments.every((row) => row.labelId !== null && row.origin === "pool")).toBe(true);
  });

  it("stores a made-up quote as unsupported without a label, and a garbled answer as failed after one retry", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    world.server.script(
      { kind: "made-up-quote", grade: 2 },
      { kind: "content", content: "I think it is quite relevant." },
      { kind: "content", content: '{"grade": 7, "quote": "", "reason": "off the scale"}' },
    );
    const job = await judgePool(judge.id);
    expect(job.status).toBe("succeeded");
    expect(job.figures).toMatchObject({ pairs: 9, judged: 8, unsupported: 1, failed: 1, calls: 10 });
    expect(job.message).toMatch(/1 failed$/);
    const unsupported = await world.prisma.modelJudgment.findFirstOrThrow({
      where: { status: "unsupported" },
    });
    expect(unsupported).toMatchObject({
      grade: 2,
      quote: "a phrase the passage never contains",
      labelId: null,
    });
    const failed = await world.prisma.modelJudgment.findFirstOrThrow({ where: { status: "failed" } });
    expect(failed).toMatchObject({ grade: null, labelId: null, calls: 2 });
    expect(failed.raw).toContain('"grade": 7');
    expect(failed.error).toMatch(/not on the set's scale/);
    expect(await world.prisma.label.count()).toBe(7);
  });

  it("sends nothing the second time: the cache answers every pair", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    await judgePool(judge.id);
    world.server.reset();
    const again = await judgePool(judge.id);
    expect(world.server.requests).toHaveLength(0);
    expect(again.figures).toMatchObject({ pairs: 9, judged: 9, cached: 9, calls: 0 });
    expect(await world.prisma.label.count()).toBe(9);
  });

  it("reuses another query's answer for the same texts, in another set, without a request", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    await judgePool(judge.id);
    const other = await seedJudgingFixture(world.prisma, { queries: ["solar panel efficiency"] });
    world.server.reset();
    const { jobId } = await startJudgingJob(world.prisma, {
      setId: other.setId,
      judgeId: judge.id,
      source: { kind: "runs", runIds: [other.runId], depth: 10 },
      createdById: null,
    });
    await drainJobs(world.prisma, { judgingServices: world.services });
    expect(world.server.requests).toHaveLength(0);
    expect((await getJudgingJob(world.prisma, jobId)).figures).toMatchObject({
      pairs: 3,
      judged: 3,
      cached: 3,
    });
    expect(await world.prisma.label.count({ where: { query: { goldenSetId: other.setId } } })).toBe(3);
  });

  it("retries a 429 after its Retry-After and a 500 with backoff, counting every request", async () => {
    const sleeps: number[] = [];
    world.services = fakeJudgingServices(world.server, { sleeps });
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    world.server.script(
      { kind: "rate-limited", retryAfter: "2" },
      { kind: "judge" },
      { kind: "server-error" },
    );
    const job = await judgePool(judge.id);
    expect(job.status).toBe("succeeded");
    expect(job.figures).toMatchObject({ judged: 9, failed: 0, calls: 11 });
    expect(world.server.requests).toHaveLength(11);
    expect(sleeps[0]).toBe(2_000);
    expect(sleeps).toHaveLength(2);
  });

  it("records a passage that hangs past the timeout (after the retries) as failed and goes on", async () => {
    const judge = await createFakeJudge(world.prisma, {
      server: world.server,
      settings: { timeoutMs: 1_000 },
    });
    world.server.script({ kind: "hang" }, { kind: "hang" }, { kind: "hang" });
    const job = await judgePool(judge.id);
    expect(job.status).toBe("succeeded");
    expect(job.figures).toMatchObject({ judged: 8, failed: 1, calls: 11 });
    const failed = await world.prisma.modelJudgment.findFirstOrThrow({ where: { status: "failed" } });
    expect(failed.error).toMatch(/did not answer within 1 s/);
    // a later job judges the failed passage again, and only it
    world.server.reset();
    const again = await judgePool(judge.id);
    expect(world.server.requests).toHaveLength(1);
    expect(again.figures).toMatchObject({ judged: 9, failed: 0, cached: 8 });
  }, 20_000);

  it("fails the job when every request fails for a passing reason", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    world.server.script(...Array.from({ length: 27 }, () => ({ kind: "server-error" as const })));
    const job = await judgePool(judge.id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/^every request to the judge endpoint failed \(9 passages\)/);
  });

  it("fails the job when the key is refused, naming the variable and never the key", async () => {
    // a server of its own that wants a key (the file's server takes any)
    const keyed = await startFakeChatServer({ apiKey: "sk-right" });
    try {
      world.services = fakeJudgingServices(keyed, { keys: { JUDGE_KEY: "sk-wrong-secret" } });
      const judge = await createFakeJudge(world.prisma, {
        server: keyed,
        settings: { apiKeyVariable: "JUDGE_KEY" },
        keys: { JUDGE_KEY: "x" },
      });
      const job = await judgePool(judge.id);
      expect(job.status).toBe("failed");
      expect(job.error).toMatch(/refused the API key in JUDGE_KEY/);
      expect(job.error).toMatch(/HTTP 401/);
      expect(job.error).not.toContain("sk-wrong-secret");
      expect(keyed.requests).toHaveLength(1);
      expect(await world.prisma.modelJudgment.count()).toBe(0);
    } finally {
      await keyed.close();
    }
  });

  it("fails the job when the endpoint answers nonsense", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    world.server.script({ kind: "garbage" });
    const job = await judgePool(judge.id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/answered something that is not a chat completion/);
  });

  it("judges a document-level run by document: grade 0 becomes a document label", async () => {
    world.fixture = await seedJudgingFixture(world.prisma, { documentLevel: true });
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    const job = await judgePool(judge.id);
    expect(job.figures).toMatchObject({ pairs: 9, judged: 9, calls: 9 });
    const judgments = await world.prisma.modelJudgment.findMany({
      where: { goldenSetId: world.fixture.setId },
    });
    expect(judgments.every((row) => row.wholeDocument)).toBe(true);
    const labels = await world.prisma.label.findMany({
      where: { query: { goldenSetId: world.fixture.setId } },
    });
    expect(labels.filter((label) => label.grade === 0).map((label) => label.kind)).toEqual(
      Array(labels.filter((label) => label.grade === 0).length).fill("document"),
    );
    expect(labels.filter((label) => label.grade > 0).every((label) => label.kind === "quote")).toBe(true);
  });

  it("runs in the caller's process without a worker (runJudgingJob), ending the job itself", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server, settings: { maxCalls: 5 } });
    const { jobId } = await startJudgingJob(world.prisma, {
      setId: world.fixture.setId,
      judgeId: judge.id,
      source: { kind: "runs", runIds: [world.fixture.runId] },
      createdById: null,
    });
    const figures = await runJudgingJob(world.prisma, { jobId, services: world.services });
    expect(figures).toMatchObject({ pairs: 9, judged: 5, calls: 5 });
    expect(await getJudgingJob(world.prisma, jobId)).toMatchObject({
      status: "paused",
      figures: { judged: 5 },
    });
    await resumeJudgingJob(world.prisma, { jobId });
    expect(await runJudgingJob(world.prisma, { jobId, services: world.services })).toMatchObject({
      judged: 9,
      calls: 9,
    });
    expect(await getJudgingJob(world.prisma, jobId)).toMatchObject({ status: "succeeded", progress: 1 });
  });
});

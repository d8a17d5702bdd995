import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listJudges } from "@/app/api/v1/judges/route";
import { POST as cancelJob } from "@/app/api/v1/judging-jobs/[id]/cancel/route";
import { POST as resumeJob } from "@/app/api/v1/judging-jobs/[id]/resume/route";
import { GET as getJob } from "@/app/api/v1/judging-jobs/[id]/route";
import { GET as getReport } from "@/app/api/v1/sets/[id]/judges/[judgeId]/report/route";
import { GET as listJobs, POST as startJob } from "@/app/api/v1/sets/[id]/judging-jobs/route";
import { createApiTokenForEmail } from "@/lib/api-tokens/create-api-token";
import type { Db } from "@/lib/db/client";
import { addHandJudgments, createJudgingWorld, type JudgingWorld } from "@/lib/db/testing/judging-world";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";

// The judging routes of the REST API v1 called as the server calls them, with real API tokens, on
// a test database put where db() finds it (e2e/authorization-matrix.ts covers every role's access
// against the built app).

let database: TestDatabase;
let world: JudgingWorld;
let judgeId: string;
const tokens = { engineer: "", annotator: "" };
const holder = globalThis as unknown as { goldensetPrisma?: Db };
let previous: Db | undefined;

beforeAll(async () => {
  database = createTestDatabase();
  previous = holder.goldensetPrisma;
  holder.goldensetPrisma = database.prisma;
  world = await createJudgingWorld(database.prisma, "routes");
  judgeId = (await addHandJudgments(database.prisma, world, "route judge")).id;
  for (const role of ["engineer", "annotator"] as const) {
    const user = role === "engineer" ? world.users.engineer : world.users.ana;
    const { token } = await createApiTokenForEmail(database.prisma, { email: user.email, name: "test" });
    tokens[role] = token;
  }
});
afterAll(async () => {
  holder.goldensetPrisma = previous;
  await database.dispose();
});

function call(
  handler: (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>,
  options: { as: keyof typeof tokens; path: string; params?: Record<string, string>; body?: unknown },
) {
  const request = new Request(`http://localhost${options.path}`, {
    method: options.body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${tokens[options.as]}`, "content-type": "application/json" },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}

describe("REST v1 judging routes", () => {
  it("starts a job (202), reads, lists, cancels it, and refuses to resume a cancelled one", async () => {
    const setPath = `/api/v1/sets/${world.set.id}/judging-jobs`;
    const body = { judgeId, source: { kind: "runs", runIds: [world.runs.r1] } };
    const start = (as: keyof typeof tokens, startBody: unknown) =>
      call(startJob, { as, path: setPath, params: { id: world.set.id }, body: startBody });
    const refused = await start("annotator", body);
    expect(refused.status).toBe(403);
    const bad = await start("engineer", { judgeId, source: { kind: "runs", runIds: [], depth: 10 } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ location: { path: "source.runIds" } });

    const started = await start("engineer", body);
    expect(started.status).toBe(202);
    const job = await started.json();
    expect(job).toMatchObject({ status: "queued", setId: world.set.id, judgeId, source: { depth: 10 } });

    const read = await call(getJob, {
      as: "annotator",
      path: `/api/v1/judging-jobs/${job.id}`,
      params: { id: job.id },
    });
    expect(await read.json()).toEqual(job);
    const listed = await call(listJobs, { as: "annotator", path: setPath, params: { id: world.set.id } });
    expect((await listed.json()).jobs.map((row: { id: string }) => row.id)).toEqual([job.id]);
    const unknownSet = await call(listJobs, { as: "annotator", path: "/x", params: { id: "nope" } });
    expect(unknownSet.status).toBe(404);

    const path = `/api/v1/judging-jobs/${job.id}/cancel`;
    expect((await call(cancelJob, { as: "annotator", path, params: { id: job.id }, body: {} })).status).toBe(
      403,
    );
    const cancelled = await call(cancelJob, { as: "engineer", path, params: { id: job.id }, body: {} });
    expect(await cancelled.json()).toMatchObject({ id: job.id, status: "cancelled" });
    const resumed = await call(resumeJob, { as: "engineer", path, params: { id: job.id }, body: {} });
    expect(resumed.status).toBe(409);
  });

  it("lists judges and answers the report to every role, 404 for an unknown run", async () => {
    const judges = await (await call(listJudges, { as: "annotator", path: "/api/v1/judges" })).json();
    expect(judges.judges.map((judge: { id: string }) => judge.id)).toContain(judgeId);
    const params = { id: world.set.id, judgeId };
    const path = `/api/v1/sets/${world.set.id}/judges/${judgeId}/report`;
    const report = await (await call(getReport, { as: "annotator", path, params })).json();
    expect(report).toMatchObject({ agreement: { items: 4, kappa: 0.5 }, tau: { runs: 3 } });
    const two = await (
      await call(getReport, {
        as: "annotator",
        path: `${path}?runs=${world.runs.r1},${world.runs.r3}`,
        params,
      })
    ).json();
    expect(two.tau).toEqual({ measure: "ndcg_cut_10", value: 1, runs: 2 });
    const missing = await call(getReport, { as: "annotator", path: `${path}?runs=nope`, params });
    expect(missing.status).toBe(404);
  });
});

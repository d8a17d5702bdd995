import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  judgeListResponseSchema,
  judgeReportQuerySchema,
  judgeReportResponseSchema,
  judgingJobResponseSchema,
  startJudgingBodySchema,
} from "@/lib/api/judging-v1-schemas";
import { buildOpenApiDocument } from "@/lib/api/openapi-document";
import { presentJudge, presentJudgeReport, presentJudgingJob } from "@/lib/api/present-judging-v1";
import { createCalibrationSample, loadJudgeReport } from "@/lib/db/judge-report";
import { listJudges } from "@/lib/db/judges";
import { getJudgingJob, startJudgingJob } from "@/lib/db/judging-jobs";
import { addHandJudgments, createJudgingWorld, type JudgingWorld } from "@/lib/db/testing/judging-world";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";

let database: TestDatabase;
let world: JudgingWorld;
let judgeId: string;

beforeAll(async () => {
  database = createTestDatabase();
  world = await createJudgingWorld(database.prisma, "api");
  judgeId = (await addHandJudgments(database.prisma, world, "api judge")).id;
});
afterAll(async () => {
  await database.dispose();
});

describe("the REST API's judging bodies", () => {
  it("answers the report, the judges and a job exactly as their published schemas say", async () => {
    const { sampleId } = await createCalibrationSample(database.prisma, {
      setId: world.set.id,
      judgeId,
      size: 4,
      annotatorIds: [world.users.ana.id],
      createdById: null,
    });
    const report = presentJudgeReport(
      await loadJudgeReport(database.prisma, { setId: world.set.id, judgeId, calibrationSampleId: sampleId }),
    );
    expect(judgeReportResponseSchema.strict().parse(report)).toEqual(report);
    expect(report.runs.map((run) => run.id)).toEqual([world.runs.r3, world.runs.r2, world.runs.r1]);
    expect(report.judge).toMatchObject({ name: "api judge", annotator: "model:api judge", used: true });
    expect(report.calibration).toMatchObject({ id: sampleId, size: 4 });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);

    const judges = { judges: (await listJudges(database.prisma)).map(presentJudge) };
    expect(judgeListResponseSchema.parse(judges)).toEqual(judges);

    const { jobId } = await startJudgingJob(database.prisma, {
      setId: world.set.id,
      judgeId,
      source: { kind: "runs", runIds: [world.runs.r1], depth: 10 },
      createdById: null,
    });
    const job = presentJudgingJob(await getJudgingJob(database.prisma, jobId));
    expect(judgingJobResponseSchema.parse(job)).toEqual(job);
    expect(job).toMatchObject({ status: "queued", judgeName: "api judge", finishedAt: null });
  });

  it("refuses a bad start body naming the field, and reads the report's query", () => {
    const bad = startJudgingBodySchema.safeParse({
      judgeId: "j",
      source: { kind: "runs", runIds: [], depth: 10 },
    });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ["source", "runIds"],
      message: "choose at least one run to pool",
    });
    const depth = startJudgingBodySchema.safeParse({
      judgeId: "j",
      source: { kind: "holes", runId: "r", depth: 0 },
    });
    expect(depth.error?.issues[0]?.path).toEqual(["source", "depth"]);
    expect(
      startJudgingBodySchema.parse({ judgeId: "j", source: { kind: "holes", runId: "r" } }).source,
    ).toEqual({
      kind: "holes",
      runId: "r",
      depth: 10,
    });
    expect(judgeReportQuerySchema.parse({ runs: "a, b,,c" })).toEqual({ runs: ["a", "b", "c"] });
    expect(judgeReportQuerySchema.parse({})).toEqual({});
  });

  it("publishes the judging paths and bodies in the OpenAPI document", () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.paths["/api/v1/sets/{id}/judging-jobs"]?.post?.operationId).toBe("startJudgingJob");
    expect(document.paths["/api/v1/sets/{id}/judges/{judgeId}/report"]?.get?.operationId).toBe(
      "getJudgeReport",
    );
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["StartJudgingRequest", "JudgingJob", "JudgeList", "JudgeReport"]),
    );
    expect(JSON.stringify(document.components.schemas.StartJudgingRequest)).toContain('"maximum":100');
  });
});

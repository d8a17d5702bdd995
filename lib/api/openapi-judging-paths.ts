import {
  judgeListResponseSchema,
  judgeReportResponseSchema,
  judgeResponseSchema,
  judgingJobListResponseSchema,
  judgingJobResponseSchema,
  startJudgingBodySchema,
} from "@/lib/api/judging-v1-schemas";
import {
  components,
  guardedOperation,
  INVALID_BODY,
  idParameter,
  type JsonObject,
  pathParameter,
  queryParameter,
} from "@/lib/api/openapi-helpers";

/** The judging bodies as OpenAPI components (issue 23). */
export function judgingSchemas(): Record<string, JsonObject> {
  return {
    ...components({ StartJudgingRequest: startJudgingBodySchema }, "input"),
    ...components(
      {
        JudgingJob: judgingJobResponseSchema,
        JudgingJobList: judgingJobListResponseSchema,
        Judge: judgeResponseSchema,
        JudgeList: judgeListResponseSchema,
        JudgeReport: judgeReportResponseSchema,
      },
      "output",
    ),
  };
}

const jobId = [idParameter("judging job")];
const noSuchJob = { "404": "no such judging job" };

const jobAction = (verb: "cancel" | "resume", summary: string) => ({
  post: guardedOperation({
    operationId: `${verb}JudgingJob`,
    summary,
    parameters: jobId,
    success: { status: "200", description: "the job after the request", schema: "JudgingJob" },
    errors: {
      ...noSuchJob,
      "409": `the job cannot be ${verb === "cancel" ? "cancelled" : "resumed"} in its state`,
    },
  }),
});

/** The judging paths of the REST API v1: judging jobs, judges, the judge report. */
export function judgingPaths(): Record<string, JsonObject> {
  return {
    "/api/v1/sets/{id}/judging-jobs": {
      get: guardedOperation({
        operationId: "listJudgingJobs",
        summary: "The set's judging jobs, newest first",
        parameters: [idParameter("golden set")],
        success: { status: "200", description: "the jobs", schema: "JudgingJobList" },
        errors: { "404": "no such set" },
      }),
      post: guardedOperation({
        operationId: "startJudgingJob",
        summary:
          "Judge a pool of runs, or a run's holes, with an LLM judge (engineers and admins); pairs the judge version judged before are not sent again",
        parameters: [idParameter("golden set")],
        requestBody: "StartJudgingRequest",
        success: { status: "202", description: "the job, queued", schema: "JudgingJob" },
        errors: { "400": INVALID_BODY, "404": "no such set, judge or run" },
      }),
    },
    "/api/v1/judging-jobs/{id}": {
      get: guardedOperation({
        operationId: "getJudgingJob",
        summary: "A judging job's status, progress and figures (pairs, calls, tokens, cost)",
        parameters: jobId,
        success: { status: "200", description: "the job", schema: "JudgingJob" },
        errors: noSuchJob,
      }),
    },
    "/api/v1/judging-jobs/{id}/cancel": jobAction(
      "cancel",
      "Cancel a judging job: queued or paused at once, running soon (engineers and admins)",
    ),
    "/api/v1/judging-jobs/{id}/resume": jobAction(
      "resume",
      "Queue a paused or failed judging job again; finished pairs are not sent again (engineers and admins)",
    ),
    ...judgePaths(),
  };
}

/** The judges' paths: the list, and a judge's report on a set. */
function judgePaths(): Record<string, JsonObject> {
  return {
    "/api/v1/judges": {
      get: guardedOperation({
        operationId: "listJudges",
        summary: "Every judge not archived, the latest version of each name first",
        success: { status: "200", description: "the judges", schema: "JudgeList" },
      }),
    },
    "/api/v1/sets/{id}/judges/{judgeId}/report": {
      get: guardedOperation({
        operationId: "getJudgeReport",
        summary:
          "How far to trust a judge on the set: agreement with people beside people's own, confusion, unsupported rate, Kendall's tau over runs by nDCG@10, verdict",
        parameters: [
          idParameter("golden set"),
          pathParameter("judgeId", "the judge version's id"),
          queryParameter(
            "runs",
            "comma-separated run ids for the tau; default the set's 10 newest succeeded runs",
          ),
          queryParameter(
            "calibration",
            "a calibration sample's id: adds agreement on the sample with its 95% interval",
          ),
        ],
        success: { status: "200", description: "the report", schema: "JudgeReport" },
        errors: { "404": "no such set, judge, run or calibration sample" },
      }),
    },
  };
}

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
  errorResponse,
  guarded,
  idParameter,
  type JsonObject,
  jsonContent,
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

const jobAction = (verb: "cancel" | "resume", summary: string) => ({
  post: {
    operationId: `${verb}JudgingJob`,
    summary,
    parameters: [idParameter("judging job")],
    responses: {
      "200": { description: "the job after the request", content: jsonContent("JudgingJob") },
      ...guarded,
      "404": errorResponse("no such judging job"),
      "409": errorResponse(`the job cannot be ${verb === "cancel" ? "cancelled" : "resumed"} in its state`),
    },
  },
});

/** The judging paths of the REST API v1: judging jobs, judges, the judge report. */
export function judgingPaths(): Record<string, JsonObject> {
  return {
    "/api/v1/sets/{id}/judging-jobs": {
      get: {
        operationId: "listJudgingJobs",
        summary: "The set's judging jobs, newest first",
        parameters: [idParameter("golden set")],
        responses: {
          "200": { description: "the jobs", content: jsonContent("JudgingJobList") },
          ...guarded,
          "404": errorResponse("no such set"),
        },
      },
      post: {
        operationId: "startJudgingJob",
        summary:
          "Judge a pool of runs, or a run's holes, with an LLM judge (engineers and admins); pairs the judge version judged before are not sent again",
        parameters: [idParameter("golden set")],
        requestBody: { required: true, content: jsonContent("StartJudgingRequest") },
        responses: {
          "202": { description: "the job, queued", content: jsonContent("JudgingJob") },
          "400": errorResponse("invalid body: `location.path` is the JSON path of the first bad field"),
          ...guarded,
          "404": errorResponse("no such set, judge or run"),
        },
      },
    },
    "/api/v1/judging-jobs/{id}": {
      get: {
        operationId: "getJudgingJob",
        summary: "A judging job's status, progress and figures (pairs, calls, tokens, cost)",
        parameters: [idParameter("judging job")],
        responses: {
          "200": { description: "the job", content: jsonContent("JudgingJob") },
          ...guarded,
          "404": errorResponse("no such judging job"),
        },
      },
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
      get: {
        operationId: "listJudges",
        summary: "Every judge not archived, the latest version of each name first",
        responses: { "200": { description: "the judges", content: jsonContent("JudgeList") }, ...guarded },
      },
    },
    "/api/v1/sets/{id}/judges/{judgeId}/report": {
      get: {
        operationId: "getJudgeReport",
        summary:
          "How far to trust a judge on the set: agreement with people beside people's own, confusion, unsupported rate, Kendall's tau over runs by nDCG@10, verdict",
        parameters: [
          idParameter("golden set"),
          {
            name: "judgeId",
            in: "path",
            required: true,
            description: "the judge version's id",
            schema: { type: "string" },
          },
          {
            name: "runs",
            in: "query",
            required: false,
            description: "comma-separated run ids for the tau; default the set's 10 newest succeeded runs",
            schema: { type: "string" },
          },
          {
            name: "calibration",
            in: "query",
            required: false,
            description: "a calibration sample's id: adds agreement on the sample with its 95% interval",
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": { description: "the report", content: jsonContent("JudgeReport") },
          ...guarded,
          "404": errorResponse("no such set, judge, run or calibration sample"),
        },
      },
    },
  };
}

import {
  components,
  guardedOperation,
  INVALID_BODY,
  idParameter,
  type JsonObject,
  queryParameter,
} from "@/lib/api/openapi-helpers";
import { judgingPaths, judgingSchemas } from "@/lib/api/openapi-judging-paths";
import {
  compareBodySchema,
  comparisonResponseSchema,
  configurationFileSchema,
  createRunBodySchema,
  createRunResponseSchema,
  errorResponseSchema,
  runListResponseSchema,
  runResponseSchema,
  setDetailResponseSchema,
  setListResponseSchema,
  setSummarySchema,
  splitBodySchema,
  splitResponseSchema,
} from "@/lib/api/v1-schemas";

/**
 * The OpenAPI 3.1 document of the REST API v1 (`GET /api/v1/openapi.json`). Paths and status
 * codes are listed here; every body schema is generated from the zod schema the route validates
 * or answers with (lib/api/v1-schemas.ts), so the document cannot drift from the validation.
 */
export function buildOpenApiDocument(options: { serverUrl?: string } = {}): JsonObject {
  return {
    openapi: "3.1.0",
    info: {
      title: "Goldenset API",
      version: "1.0.0",
      description:
        "Golden sets, evaluation runs and comparisons for CI and notebooks. Authenticate with a personal API token: `Authorization: Bearer gs_…` (Settings → API tokens, or `goldenset create-token`).",
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    security: [{ bearerToken: [] }],
    paths: {
      ...setPaths(),
      ...runPaths(),
      ...judgingPaths(),
      ...documentPaths(),
    },
    components: {
      schemas: schemaComponents(),
      securitySchemes: {
        bearerToken: { type: "http", scheme: "bearer", description: "a personal API token (gs_…)" },
      },
    },
  };
}

/** The named body schemas of the document, generated from the zod schemas of the routes. */
function schemaComponents(): JsonObject {
  return {
    ...components(
      {
        Configuration: configurationFileSchema,
        CreateRunRequest: createRunBodySchema,
        CompareRequest: compareBodySchema,
        SplitRequest: splitBodySchema,
      },
      "input",
    ),
    ...components(
      {
        SetSummary: setSummarySchema,
        SetList: setListResponseSchema,
        SetDetail: setDetailResponseSchema,
        CreateRunResponse: createRunResponseSchema,
        Run: runResponseSchema,
        RunList: runListResponseSchema,
        Comparison: comparisonResponseSchema,
        Split: splitResponseSchema,
        Error: errorResponseSchema,
      },
      "output",
    ),
    ...judgingSchemas(),
  };
}

/** The golden sets' paths: list, detail, runs, split. */
function setPaths(): JsonObject {
  const setId = [idParameter("golden set")];
  const noSuchSet = { "404": "no such set" };
  return {
    "/api/v1/sets": {
      get: guardedOperation({
        operationId: "listSets",
        summary: "Every golden set",
        success: { status: "200", description: "the sets, most recently changed first", schema: "SetList" },
      }),
    },
    "/api/v1/sets/{id}": {
      get: guardedOperation({
        operationId: "getSet",
        summary: "A golden set with its export (goldenset v1 JSON)",
        parameters: setId,
        success: { status: "200", description: "the set and its export", schema: "SetDetail" },
        errors: noSuchSet,
      }),
    },
    "/api/v1/sets/{id}/runs": {
      get: guardedOperation({
        operationId: "listRuns",
        summary: "The set's runs, newest first, each as GET /api/v1/runs/{id} answers it",
        parameters: setId,
        success: { status: "200", description: "the runs", schema: "RunList" },
        errors: noSuchSet,
      }),
      post: guardedOperation({
        operationId: "createRun",
        summary: "Start an evaluation run of a configuration on the set (engineers and admins)",
        parameters: setId,
        requestBody: "CreateRunRequest",
        success: { status: "201", description: "the run, queued", schema: "CreateRunResponse" },
        errors: { "400": INVALID_BODY, ...noSuchSet },
      }),
    },
    "/api/v1/sets/{id}/split": {
      post: guardedOperation({
        operationId: "splitSet",
        summary:
          "Split the set's queries into dev and holdout, seeded and stratified by query class (engineers and admins)",
        parameters: setId,
        requestBody: "SplitRequest",
        success: { status: "200", description: "the split stored", schema: "Split" },
        errors: { "400": "invalid body, or fewer than two queries", ...noSuchSet },
      }),
      delete: guardedOperation({
        operationId: "clearSetSplit",
        summary: "Forget the set's dev/holdout split (engineers and admins)",
        parameters: setId,
        success: { status: "204", description: "the split cleared" },
        errors: noSuchSet,
      }),
    },
  };
}

/** The runs' paths: one run, its TREC file, the comparison. */
function runPaths(): JsonObject {
  return {
    "/api/v1/runs/{id}": {
      get: guardedOperation({
        operationId: "getRun",
        summary: "A run's status, progress and (when it succeeded) metrics",
        parameters: [idParameter("run")],
        success: { status: "200", description: "the run", schema: "Run" },
        errors: { "404": "no such run" },
      }),
    },
    "/api/v1/runs/{id}/trec": {
      get: guardedOperation({
        operationId: "getRunTrec",
        summary:
          "The run as a TREC run file: document level (each document at its first rank), or passage level (every result at its rank)",
        parameters: [
          idParameter("run"),
          queryParameter(
            "level",
            "`document` (default): `qid Q0 docid rank score run-name`, each document once; `passage`: `qid Q0 docid#start-end rank score run-name`, every result, start/end UTF-16 offsets into the document text (end exclusive) — the form an imported run accepts",
            { type: "string", enum: ["document", "passage"], default: "document" },
          ),
        ],
        success: {
          status: "200",
          description: "`qid Q0 docid rank score run-name` lines (`docid#start-end` at passage level)",
          content: { "text/plain": { schema: { type: "string" } } },
        },
        errors: {
          "400": "a level other than document or passage",
          "404": "no such run",
          "409": "the run has not succeeded",
        },
      }),
    },
    "/api/v1/compare": {
      post: guardedOperation({
        operationId: "compareRuns",
        summary:
          "Compare runs with a baseline on their stored per-query metrics (as `goldenset compare --json`)",
        requestBody: "CompareRequest",
        success: { status: "200", description: "the comparison", schema: "Comparison" },
        errors: {
          "400":
            "invalid body, runs of different sets, a run that has not succeeded, or a split with no compared queries",
          "404": "no such run",
        },
      }),
    },
  };
}

/** The path of this document itself. */
function documentPaths(): JsonObject {
  return {
    "/api/v1/openapi.json": {
      get: {
        operationId: "getOpenApiDocument",
        summary: "This document (public)",
        security: [],
        responses: {
          "200": {
            description: "OpenAPI 3.1",
            content: { "application/json": { schema: { type: "object" } } },
          },
        },
      },
    },
  };
}

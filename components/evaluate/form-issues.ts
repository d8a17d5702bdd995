import { evaluateRequestSchema } from "@/lib/configs/evaluate-request";
import { formatJsonPath } from "@/lib/errors";

// The evaluate form is checked in three stages, in the browser and again on the server: its posted
// fields (evaluateRequestSchema), the configuration they make (retrievalConfigSchema, nested paths
// such as retriever.sparse.k1) and, for a sweep, the grid (sweepSchema, paths such as
// axes[0].values). This module places each problem beside the input it is about.

/** A problem with the form: beside the input named `field`, or on the form when null. */
export type FormIssue = { field: string | null; path: string; message: string };

/** Not an input: the sweep grid as a whole (too many points, an invalid point), shown in its section. */
export const SWEEP_GRID_FIELD = "axes";

/** What a path means depends on the retriever chosen and on which axis slots (1, 2) were filled. */
export type IssueContext = { retrieverKind: string; axisSlots: readonly number[] };

type Segment = string | number;

const FORM_FIELDS = new Set<string>([...Object.keys(evaluateRequestSchema.shape), "file"]);
const CHUNKING_FIELDS = new Map([
  ["strategy", "strategy"],
  ["size", "chunkSize"],
  ["overlap", "chunkOverlap"],
]);
const ANALYZER_FIELDS = new Set(["lowercase", "stopwords", "stem"]);
const FUSION_FIELDS = new Map([
  ["kind", "fusion"],
  ["k", "rrfK"],
  ["alpha", "alpha"],
  ["normalization", "normalization"],
]);
const PROVIDER_FIELDS = new Map([
  ["baseUrl", "embeddingBaseUrl"],
  ["model", "embeddingModel"],
  ["apiKeyEnv", "embeddingApiKeyEnv"],
]);
const RERANKER_FIELDS = new Map([
  ["baseUrl", "rerankBaseUrl"],
  ["model", "rerankModel"],
  ["depth", "rerankDepth"],
  ["apiKeyEnv", "rerankApiKeyEnv"],
]);

/** The fields the form posted → where issues land: the retriever kind and the filled axis slots. */
export function issueContextOf(fields: Readonly<Record<string, string | undefined>>): IssueContext {
  return {
    retrieverKind: fields.retrieverKind ?? "bm25",
    axisSlots: [1, 2].filter(
      (slot) => fields[`axis${slot}Path`]?.trim() && fields[`axis${slot}Values`]?.trim(),
    ),
  };
}

/** A zod path, or one formatted by `formatJsonPath` ("axes[0].values", "(root)") → its segments. */
export function pathSegments(path: string | readonly unknown[]): Segment[] {
  if (typeof path !== "string") {
    return path.flatMap((segment) =>
      typeof segment === "number" || typeof segment === "string" ? [segment] : [],
    );
  }
  if (path === "(root)") return [];
  return [...path.matchAll(/\[(\d+)\]|[^.[\]]+/g)].map((match) =>
    match[1] === undefined ? match[0] : Number(match[1]),
  );
}

/** The input an issue at `path` is about, or null when no input of the form holds it. */
export function fieldForPath(path: readonly Segment[], context: IssueContext): string | null {
  const [head, ...rest] = path;
  switch (head) {
    case undefined:
      return null;
    case "baseConfig":
      return fieldForPath(rest, context);
    case "chunking":
      return CHUNKING_FIELDS.get(String(rest[0])) ?? "strategy";
    case "retriever":
      return retrieverField(rest, context.retrieverKind);
    case "reranker":
      return RERANKER_FIELDS.get(String(rest[0])) ?? "rerank";
    case "axes":
      return axisField(rest, context.axisSlots);
    default:
      return typeof head === "string" && FORM_FIELDS.has(head) ? head : null;
  }
}

function retrieverField(path: readonly Segment[], retrieverKind: string): string | null {
  // a hybrid's parameters sit one level down: retriever.sparse.k1, retriever.dense.provider.model
  const [key, ...rest] = path[0] === "sparse" || path[0] === "dense" ? path.slice(1) : path;
  const next = String(rest[0]);
  switch (key) {
    case "k1":
    case "b":
      return key;
    case "url":
      return "externalUrl";
    case "analyzer":
      return ANALYZER_FIELDS.has(next) ? next : null;
    case "fusion":
      return FUSION_FIELDS.get(next) ?? "fusion";
    case "provider":
      if (next === "dimensions")
        return retrieverKind.endsWith("-http") ? "embeddingDimensions" : "lsaDimensions";
      return PROVIDER_FIELDS.get(next) ?? null;
    case "apiKeyEnv":
      return "externalApiKeyEnv";
    case "file":
      return "file";
    case "kind":
      return "retrieverKind";
    default:
      return null;
  }
}

/** axes[i] is the i-th filled slot (an empty first slot is skipped); axes alone is the grid. */
function axisField(path: readonly Segment[], axisSlots: readonly number[]): string {
  const [index, key] = path;
  if (typeof index !== "number") return SWEEP_GRID_FIELD;
  const slot = axisSlots[index] ?? index + 1;
  return key === "path" ? `axis${slot}Path` : `axis${slot}Values`;
}

/** zod issues (or the server's `issues`) → form issues. */
export function formIssuesOf(
  issues: readonly { path: string | readonly unknown[]; message: string }[],
  context: IssueContext,
): FormIssue[] {
  return issues.map((issue) => {
    const segments = pathSegments(issue.path);
    return { field: fieldForPath(segments, context), path: formatJsonPath(segments), message: issue.message };
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A route's error body → the issues to show beside fields: its `issues` ({ path, message }) when
 * it has them, else the one problem its `location.path` points at (the message without the
 * "path: " prefix the route adds). The body's `error` itself is shown on the form by the caller.
 */
export function issuesFromErrorBody(body: unknown, context: IssueContext): FormIssue[] {
  if (!isRecord(body)) return [];
  if (Array.isArray(body.issues)) {
    const wellFormed = body.issues.filter(
      (issue): issue is { path: string | unknown[]; message: string } =>
        isRecord(issue) &&
        typeof issue.message === "string" &&
        (typeof issue.path === "string" || Array.isArray(issue.path)),
    );
    return formIssuesOf(wellFormed, context);
  }
  const path = isRecord(body.location) ? body.location.path : undefined;
  if (typeof path !== "string" || typeof body.error !== "string") return [];
  const prefix = `${path}: `;
  const message = body.error.startsWith(prefix) ? body.error.slice(prefix.length) : body.error;
  return formIssuesOf([{ path, message }], context).filter((issue) => issue.field !== null);
}

/**
 * Issues → each field's distinct messages, and the lines for the form's alert: issues with no
 * field, or whose field is not shown (`isShown`), prefixed with their path.
 */
export function placeIssues(
  issues: readonly FormIssue[],
  isShown: (field: string) => boolean,
): { byField: ReadonlyMap<string, readonly string[]>; unplaced: string[] } {
  const byField = new Map<string, string[]>();
  const unplaced: string[] = [];
  for (const issue of issues) {
    if (issue.field !== null && isShown(issue.field)) {
      const messages = byField.get(issue.field) ?? [];
      if (!messages.includes(issue.message)) messages.push(issue.message);
      byField.set(issue.field, messages);
      continue;
    }
    const line = issue.path === "(root)" ? issue.message : `${issue.path}: ${issue.message}`;
    if (!unplaced.includes(line)) unplaced.push(line);
  }
  return { byField, unplaced };
}

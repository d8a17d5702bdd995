import { type RetrievalConfig, retrievalConfigSchema } from "@/lib/configs/config-schema";
import {
  configInputFromEvaluateRequest,
  type EvaluateRequest,
  evaluateRequestSchema,
} from "@/lib/configs/evaluate-request";
import { expandSweep } from "@/lib/configs/expand-sweep";
import { parseAxisValues, type SweepAxis, sweepSchema } from "@/lib/configs/sweep-schema";
import {
  type FormIssue,
  formIssuesOf,
  type IssueContext,
  issueContextOf,
  SWEEP_GRID_FIELD,
} from "./form-issues";

/** The server's words when an imported run comes without its file (app/api/sets/[id]/runs). */
export const RUN_FILE_MISSING = "Choose a run file (TREC or JSONL) to evaluate";

/**
 * The evaluate form's posted text fields → every problem the server would find, with the same
 * schemas: the fields, the configuration they make and, when an axis slot is filled, the sweep
 * and its grid. Empty means the post will validate (a run file is parsed on the server only).
 */
export function checkEvaluateForm(options: {
  fields: Readonly<Record<string, string>>;
  /** a non-empty file is chosen (the imported retriever needs one) */
  hasRunFile: boolean;
}): FormIssue[] {
  const { fields } = options;
  const context = issueContextOf(fields);
  const fileIssues: FormIssue[] =
    fields.retrieverKind === "imported" && !options.hasRunFile
      ? [{ field: "file", path: "file", message: RUN_FILE_MISSING }]
      : [];
  const parsed = parseRequest(fields, context);
  if (!parsed.request) return [...fileIssues, ...parsed.issues];

  const later: FormIssue[] = [];
  const config = retrievalConfigSchema.safeParse(configInputFromEvaluateRequest(parsed.request));
  if (!config.success) {
    // the run file is stored by the server; the form only says whether one is chosen
    const configIssues = config.error.issues.filter((issue) => issue.path.join(".") !== "retriever.file");
    later.push(...formIssuesOf(configIssues, context));
  }
  if (context.axisSlots.length > 0)
    later.push(...checkSweep(parsed.request, config.success ? config.data : null, context));
  // a later stage saw a failed field's default, not what was typed: its word on that field is moot
  const fresh = later.filter((issue) => issue.field === null || !parsed.failedFields.has(issue.field));
  return distinct([...fileIssues, ...parsed.issues, ...fresh]);
}

/**
 * All the field issues; and, so that the later stages can check the rest, the request without the
 * failing fields (their defaults, a stand-in name) — null when that does not parse either.
 */
function parseRequest(
  fields: Readonly<Record<string, string>>,
  context: IssueContext,
): { request: EvaluateRequest | null; issues: FormIssue[]; failedFields: ReadonlySet<string> } {
  const first = evaluateRequestSchema.safeParse(fields);
  if (first.success) return { request: first.data, issues: [], failedFields: new Set() };
  const failedFields = new Set(first.error.issues.map((issue) => String(issue.path[0])));
  const rest = Object.fromEntries(Object.entries(fields).filter(([name]) => !failedFields.has(name)));
  const retry = evaluateRequestSchema.safeParse({ name: "unnamed", ...rest });
  return {
    request: retry.success ? retry.data : null,
    issues: formIssuesOf(first.error.issues, context),
    failedFields,
  };
}

/** The axes' values, the sweep (axes together, the grid's size) and its points, as the server expands them. */
function checkSweep(
  request: EvaluateRequest,
  baseConfig: RetrievalConfig | null,
  context: IssueContext,
): FormIssue[] {
  const filled = [
    { slot: 1, path: request.axis1Path, values: request.axis1Values },
    { slot: 2, path: request.axis2Path, values: request.axis2Values },
  ].filter((axis) => context.axisSlots.includes(axis.slot));
  const issues: FormIssue[] = [];
  const axes: SweepAxis[] = [];
  for (const axis of filled) {
    try {
      axes.push({ path: axis.path ?? "", values: parseAxisValues(axis.values ?? "") });
    } catch (error) {
      const field = `axis${axis.slot}Values`;
      issues.push({ field, path: field, message: (error as Error).message });
    }
  }
  if (issues.length > 0 || !baseConfig) return issues;
  const sweep = sweepSchema.safeParse({
    name: request.name,
    baseConfig,
    axes,
    coverage: request.coverage,
    mode: request.mode,
  });
  if (!sweep.success) return formIssuesOf(sweep.error.issues, context);
  try {
    expandSweep(sweep.data, { skipInvalid: request.skipInvalid ?? false });
    return [];
  } catch (error) {
    return [{ field: SWEEP_GRID_FIELD, path: SWEEP_GRID_FIELD, message: (error as Error).message }];
  }
}

function distinct(issues: readonly FormIssue[]): FormIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.field ?? issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

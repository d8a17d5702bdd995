import { type FormIssue, type IssueContext, issuesFromErrorBody } from "./form-issues";

/** What the evaluate form does with a route's answer: go to the queued run or sweep, or say why not. */
export type EvaluateOutcome =
  | { kind: "queued"; target: string }
  | { kind: "refused"; message: string; issues: FormIssue[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A 2xx `{ runId }` → the run's page; `{ sweepId, skipped }` → the sweep's page (with how many
 * points were skipped). Anything else → the body's `error` (with the run file's line when it has
 * one) and the issues to show beside inputs (see `issuesFromErrorBody`).
 */
export function readEvaluateResponse(status: number, body: unknown, context: IssueContext): EvaluateOutcome {
  const ok = status >= 200 && status < 300;
  const record = isRecord(body) ? body : {};
  if (ok && typeof record.runId === "string") return { kind: "queued", target: `/runs/${record.runId}` };
  if (ok && typeof record.sweepId === "string") {
    const skipped =
      typeof record.skipped === "number" && record.skipped > 0 ? `?skipped=${record.skipped}` : "";
    return { kind: "queued", target: `/sweeps/${record.sweepId}${skipped}` };
  }
  const line = isRecord(record.location) ? record.location.line : undefined;
  const where = typeof line === "number" && line > 0 ? ` (line ${line})` : "";
  const error = typeof record.error === "string" ? record.error : `The server answered ${status}; try again.`;
  return { kind: "refused", message: `${error}${where}`, issues: issuesFromErrorBody(body, context) };
}

/** The form's text fields as posted (a chosen file aside), for the same checks the routes make. */
export function textFieldsOf(data: FormData): Record<string, string> {
  return Object.fromEntries(
    [...data.entries()].flatMap(([name, value]) => (typeof value === "string" ? [[name, value]] : [])),
  );
}

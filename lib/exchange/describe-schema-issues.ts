import type { z } from "zod";
import { AppError, type AppErrorCode, formatJsonPath } from "@/lib/errors";
import { MAX_PROBLEMS_LISTED } from "./collect-problems";

/** How many issues the message spells out; the rest are counted. */
const MAX_ISSUES_SHOWN = 3;

/**
 * Turns a zod error into one AppError a person can act on: `queries[0].labels[1].grade: grade
 * 7 is not in set.gradeScale (0, 1, 2, 3); …`. The location is the first issue's JSON path; for
 * an unknown field the path ends with the field's name. The error's `problems` hold every issue
 * (up to MAX_PROBLEMS_LISTED), for a form to list them all.
 */
export function describeSchemaIssues(error: z.ZodError, code: AppErrorCode, prefix = ""): AppError {
  const issues = error.issues.map(toPathAndMessage);
  const shown = issues
    .slice(0, MAX_ISSUES_SHOWN)
    .map(({ path, message }) => `${formatJsonPath(path)}: ${message}`);
  const hidden = issues.length - shown.length;
  const more = hidden > 0 ? `; and ${hidden} more problem${hidden === 1 ? "" : "s"}` : "";
  return new AppError(
    code,
    `${prefix}${shown.join("; ")}${more}`,
    { path: issues[0]?.path ?? [] },
    { listed: issues.slice(0, MAX_PROBLEMS_LISTED), total: issues.length },
  );
}

function toPathAndMessage(issue: z.core.$ZodIssue): { path: (string | number)[]; message: string } {
  const path = issue.path.filter((part): part is string | number => typeof part !== "symbol");
  if (issue.code === "unrecognized_keys") {
    const [first, ...others] = issue.keys;
    const also = others.length > 0 ? ` (also ${others.map((key) => `"${key}"`).join(", ")})` : "";
    return { path: [...path, first ?? ""], message: `unknown field${also}` };
  }
  // zod's "Invalid input: expected string, received number" reads better without the preamble.
  return { path, message: issue.message.replace(/^Invalid input: /, "") };
}

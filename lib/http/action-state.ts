import type { ZodError } from "zod";
import { type AppError, formatJsonPath } from "@/lib/errors";

// What a server action answers (see serverAction in ./server-action.ts). Client components import
// this module, so it stays free of server-only imports.

/** Messages per field, keyed by the field's name (a JSON path for nested input: `labels[0].grade`). */
export type FieldErrors = Record<string, string[]>;

/** `data` is what the action returned; absent in the initial state and for actions that return nothing. */
export type ActionSuccess<Data> = { ok: true; data?: Data };

export type ActionFailure = {
  ok: false;
  /** One sentence for the top of the form: the first problem, and how many more there are. */
  error: string;
  /** Every problem that belongs to a field, shown beside it. */
  fieldErrors: FieldErrors;
  /** The submitted text fields, so the form can keep what was typed (form actions only). */
  values?: Record<string, string>;
};

export type ActionState<Data = undefined> = ActionSuccess<Data> | ActionFailure;

/** The state a form starts in, before its first submission. */
export const initialActionState: ActionSuccess<never> = { ok: true };

/** Every issue of a ZodError under its field; a field may collect several messages. */
export function fieldErrorsFromZodError(error: Pick<ZodError, "issues">): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = formatJsonPath(issue.path);
    const messages = fieldErrors[field] ?? [];
    if (!messages.includes(issue.message)) fieldErrors[field] = [...messages, issue.message];
  }
  return fieldErrors;
}

/** "Give the set a name", or "Give the set a name (and 2 more problems)". */
function summarize(messages: readonly string[]): string {
  const [first, ...rest] = messages;
  if (first === undefined) return "Check the form and try again.";
  if (rest.length === 0) return first;
  return `${first} (and ${rest.length} more ${rest.length === 1 ? "problem" : "problems"})`;
}

export function failureFromZodError(
  error: Pick<ZodError, "issues">,
  values?: Record<string, string>,
): ActionFailure {
  return {
    ok: false,
    error: summarize(error.issues.map((issue) => issue.message)),
    fieldErrors: fieldErrorsFromZodError(error),
    ...(values ? { values } : {}),
  };
}

/** An AppError's path names the field its message goes beside; its line is added to the summary. */
export function failureFromAppError(error: AppError, values?: Record<string, string>): ActionFailure {
  const path = error.location?.path;
  const line = error.location?.line;
  return {
    ok: false,
    error: line === undefined ? error.message : `${error.message} (line ${line})`,
    fieldErrors: path && path.length > 0 ? { [formatJsonPath(path)]: [error.message] } : {},
    ...(values ? { values } : {}),
  };
}

/** The messages to show beside `field`, if the last submission failed there. */
export function fieldErrorsOf(state: ActionState<unknown>, field: string): string[] | undefined {
  return state.ok ? undefined : state.fieldErrors[field];
}

/** What was typed into `field` before a failed submission (to refill the form). */
export function submittedValue(state: ActionState<unknown>, field: string): string | undefined {
  return state.ok ? undefined : state.values?.[field];
}

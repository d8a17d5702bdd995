// zod's messages read the same in every process that reports an error (see the module)
import "@/lib/readable-zod-messages";

/**
 * The one error type thrown from lib/. Route handlers map `code` to an HTTP status
 * (lib/http/route-handler.ts, lib/http/server-action.ts); messages are written for the person who caused the error.
 */
export type AppErrorCode =
  | "bad_request" // invalid input: a file, a form, a JSON body
  | "unauthorized" // not signed in
  | "forbidden" // signed in, but the role does not allow it
  | "not_found"
  | "conflict" // duplicate ids, concurrent edits, immutable rows
  | "too_many_requests" // a limit was reached, e.g. sign-in attempts
  | "unavailable" // a provider or the database cannot be reached
  | "internal";

const httpStatusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
};

/** Where in an input the problem is: a 1-based line, a JSON path, or both. */
export type ErrorLocation = { line?: number; path?: (string | number)[] };

/** One problem of an input refused as a whole (an import): what is wrong, and where. */
export type InputProblem = { message: string; file?: string; line?: number; path?: (string | number)[] };

/** The problems an error lists (`listed`, at most a cap) out of `total` found. */
export type InputProblems = { listed: readonly InputProblem[]; total: number };

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly location: ErrorLocation | undefined;
  /** Every problem of a refused input, for a reader to show as a list (the message says them too). */
  readonly problems: InputProblems | undefined;

  constructor(code: AppErrorCode, message: string, location?: ErrorLocation, problems?: InputProblems) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.location = location;
    this.problems = problems;
  }

  /** For a "too_many_requests" error: when to try again (a route answers it as `Retry-After`). */
  retryAfterSeconds: number | undefined;

  /** A limit was reached: 429 with `Retry-After: retryAfterSeconds`. */
  static tooManyRequests(message: string, retryAfterSeconds: number): AppError {
    const error = new AppError("too_many_requests", message);
    error.retryAfterSeconds = retryAfterSeconds;
    return error;
  }

  get httpStatus(): number {
    return httpStatusByCode[this.code];
  }
}

/** Formats a JSON path the way people read it: `queries[3].labels[0].grade`. */
export function formatJsonPath(path: readonly (string | number | symbol)[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "(root)" : out;
}

/**
 * How an unexpected value reads in a problem message ("got …", "the count … is"): a string
 * quoted and cut to 40 characters, so the reader sees what was there; anything else by its value
 * or its kind (`42`, `true`, `null`, `an array`, `an object`).
 */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  return String(value);
}

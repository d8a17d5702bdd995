import { ZodError } from "zod";
import { AppError, formatJsonPath } from "@/lib/errors";

type ErrorBody = { error: string; code: string; location?: { line?: number; path?: string } };

/** Maps any thrown value to the JSON error response every route handler returns. */
export function errorResponse(error: unknown): Response {
  if (error instanceof ZodError) {
    const first = error.issues[0];
    const path = first ? formatJsonPath(first.path) : "(root)";
    const body: ErrorBody = {
      error: `${path}: ${first?.message ?? "invalid input"}`,
      code: "bad_request",
      location: { path },
    };
    return Response.json(body, { status: 400 });
  }
  if (error instanceof AppError) {
    const body: ErrorBody = { error: error.message, code: error.code };
    if (error.location) {
      body.location = {
        ...(error.location.line !== undefined ? { line: error.location.line } : {}),
        ...(error.location.path ? { path: formatJsonPath(error.location.path) } : {}),
      };
    }
    return Response.json(body, { status: error.httpStatus });
  }
  console.error("Unhandled error in route handler", error);
  return Response.json({ error: "Something went wrong on the server.", code: "internal" }, { status: 500 });
}

/** Wraps a route handler so that thrown errors become JSON responses (no catch blocks in routes). */
export function withErrors<Args extends unknown[]>(
  handler: (...args: Args) => Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

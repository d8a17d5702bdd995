import { unstable_rethrow } from "next/navigation";
import { ZodError, z } from "zod";
import { type AccessRule, authorize, type CurrentUser, userFromHeaders } from "@/lib/auth/session";
import { configuredAppUrl, trustForwardedHeaders } from "@/lib/env";
import { AppError, formatJsonPath } from "@/lib/errors";
import { formTextFields } from "@/lib/http/form-fields";
import { isCrossOriginWrite } from "@/lib/http/same-origin";
import { assertStorableText } from "@/lib/storable-text";

/** The `[id]` segment of most routes. */
export const idParamsSchema = z.object({ id: z.string().min(1) });

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

export type RouteInput<Access extends AccessRule, Params, Query, Body> = {
  request: Request;
  user: Access extends "public" ? null : CurrentUser;
  /** The dynamic segments (`[id]`), parsed with `options.params`. */
  params: Parsed<Params>;
  /** The search parameters as an object (a repeated name keeps its last value), parsed with `options.query`. */
  query: Parsed<Query>;
  /** A JSON body, or the text fields of a small form, parsed with `options.body`. */
  body: Parsed<Body>;
};

/** What Next.js passes a route handler after the request (absent when a test calls it directly). */
export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** The schemas a route parses its input with; what is not given stays undefined. */
type RouteSchemas = { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };

type ErrorBody = {
  error: string;
  code: string;
  location?: { line?: number; path?: string };
  /** Every zod issue, for a 400 from validation. */
  issues?: { path: string; message: string }[];
  /** A refused import's problems (at most a cap), each where it is, and how many there are. */
  problems?: { message: string; file?: string; line?: number; path?: string }[];
  problemCount?: number;
};

/**
 * The one wrapper for route handlers (`export const POST = withRoute(…)`): authenticates and
 * authorizes the caller (`access`, see AccessRule: signed out → 401, a role without the
 * permission → 403), parses params, query and body when their schemas are given, and turns
 * whatever the handler throws into the JSON error every route answers:
 *
 * - ZodError → 400 `{ error, code, location, issues }`: `error` names the first problem
 *   ("column: …"), `issues` lists every one as `{ path, message }`;
 * - AppError → its status, with its location, and `problems` + `problemCount` when it lists
 *   the problems of a refused input (an import);
 * - anything else → 500 without internals (the error is logged here).
 *
 * A request that changes data from another origin is refused first, with 403 (isCrossOriginWrite).
 * A handler that streams an upload reads `request` itself (readMultipartUpload) and gives no `body`.
 */
export function withRoute<
  Access extends AccessRule,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(
  options: { access: Access; params?: Params; query?: Query; body?: Body },
  handler: (input: RouteInput<Access, Params, Query, Body>) => Promise<Response>,
): (request: Request, context?: RouteContext) => Promise<Response> {
  return (request, context) =>
    answerRoute(request, async () => {
      refuseCrossOriginWrite(request);
      const user = await authenticate(request, options.access);
      const input = await parseRouteInput(request, context, options);
      return handler({ request, user, ...input } as RouteInput<Access, Params, Query, Body>);
    });
}

/** Runs a route's work and answers what it throws as the JSON error every route answers. */
export async function answerRoute(request: Request, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    unstable_rethrow(error); // notFound(), redirect() and Next.js's other control-flow errors
    return errorResponse(error, request);
  }
}

/** 403 for a request that changes data from another origin: the CSRF guard of cookie sessions. */
export function refuseCrossOriginWrite(request: Request): void {
  const crossOrigin = isCrossOriginWrite(request, {
    appUrl: configuredAppUrl(),
    trustForwardedHeaders: trustForwardedHeaders(),
  });
  if (crossOrigin) throw new AppError("forbidden", "Cross-origin requests may not change data.");
}

/** The dynamic segments, search parameters and body, each parsed when its schema is given. */
export async function parseRouteInput(
  request: Request,
  context: RouteContext | undefined,
  schemas: RouteSchemas,
): Promise<{ params: unknown; query: unknown; body: unknown }> {
  const params = schemas.params ? schemas.params.parse(storable((await context?.params) ?? {})) : undefined;
  const searchParams = new URL(request.url).searchParams;
  const query = schemas.query ? schemas.query.parse(storable(Object.fromEntries(searchParams))) : undefined;
  const body = schemas.body ? schemas.body.parse(storable(await readBody(request))) : undefined;
  return { params, query, body };
}

async function authenticate(request: Request, access: AccessRule): Promise<CurrentUser | null> {
  if (access === "public") return null;
  const user = await userFromHeaders(request.headers);
  if (!user) throw new AppError("unauthorized", "Sign in first.");
  authorize(user, access);
  return user;
}

/**
 * `value` when every string in it can be stored (lib/storable-text.ts); else AppError 400 naming
 * the field or JSON path. Every parameter, query and body of a route passes here before its
 * schema, so text PostgreSQL would refuse never reaches the driver.
 */
function storable<Value>(value: Value): Value {
  assertStorableText(value);
  return value;
}

/** Buffers the body: JSON, or a form's text fields. Not for uploads (see readMultipartUpload). */
async function readBody(request: Request): Promise<unknown> {
  if (/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    return request.json().catch(() => {
      throw new AppError("bad_request", "The request body is not valid JSON.");
    });
  }
  const form = await request.formData().catch(() => {
    throw new AppError("bad_request", "Send the form as multipart/form-data or JSON.");
  });
  return formTextFields(form);
}

function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof ZodError) {
    const issues = error.issues.map((issue) => ({
      path: formatJsonPath(issue.path),
      message: issue.message,
    }));
    const first = issues[0] ?? { path: "(root)", message: "invalid input" };
    const body: ErrorBody = {
      error: `${first.path}: ${first.message}`,
      code: "bad_request",
      location: { path: first.path },
      issues,
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
    if (error.problems) {
      body.problems = error.problems.listed.map(({ path, ...problem }) => ({
        ...problem,
        ...(path ? { path: formatJsonPath(path) } : {}),
      }));
      body.problemCount = error.problems.total;
    }
    const headers: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
    return Response.json(body, { status: error.httpStatus, headers });
  }
  // Method and path only: the query string, headers and body may carry tokens or personal data.
  console.error(`Unhandled error in ${request.method} ${new URL(request.url).pathname}`, error);
  return Response.json({ error: "Something went wrong on the server.", code: "internal" }, { status: 500 });
}

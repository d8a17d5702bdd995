import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { type ApiRateLimiter, createApiRateLimiter } from "@/lib/api-tokens/api-rate-limiter";
import { authenticateApiToken } from "@/lib/api-tokens/authenticate-api-token";
import { parseBearerToken } from "@/lib/api-tokens/token-format";
import { type AccessRule, authorize, type CurrentUser, userFromHeaders } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { configuredAppUrl, redisUrl, trustForwardedHeaders } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { errorResponse, type RouteInput, readBody, storable } from "@/lib/http/route-handler";
import { isCrossOriginWrite } from "@/lib/http/same-origin";

/** Requests per token per minute (shared through Redis when REDIS_URL is set; see README "REST API"). */
const API_REQUESTS_PER_MINUTE = 120;
let limiter: ApiRateLimiter | undefined;
const apiLimiter = () =>
  (limiter ??= createApiRateLimiter({
    limit: API_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
    redisUrl: redisUrl(),
  }));

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * The wrapper of the REST API v1 (`app/api/v1/**`): withRoute's parsing and error JSON, with two
 * ways in.
 *
 * - `Authorization: Bearer gs_…` — a personal API token, acting with its owner's current role; a
 *   wrong, revoked or deactivated-owner token is 401 (even when a session cookie is also sent), and
 *   each token has API_REQUESTS_PER_MINUTE (429 with Retry-After). No cookie is read, so the
 *   cross-origin check (a CSRF guard) does not apply: another site cannot make a browser send it.
 * - otherwise the browser session, exactly as withRoute: cross-origin writes refused (403), signed
 *   out 401.
 *
 * Then `access` as everywhere (a role without the permission → 403).
 */
export function withApiRoute<
  Access extends Exclude<AccessRule, "public">,
  Params extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(
  options: { access: Access; params?: Params; body?: Body },
  handler: (input: RouteInput<Access, Params, undefined, Body>) => Promise<Response>,
): (request: Request, context?: RouteContext) => Promise<Response> {
  return async (request, context) => {
    try {
      const user = await apiCaller(request);
      authorize(user, options.access);
      const params = options.params
        ? options.params.parse(storable((await context?.params) ?? {}))
        : undefined;
      const body = options.body ? options.body.parse(storable(await readBody(request))) : undefined;
      const input = { request, user, params, query: undefined, body };
      return await handler(input as RouteInput<Access, Params, undefined, Body>);
    } catch (error) {
      unstable_rethrow(error);
      if (error instanceof RateLimited) {
        return Response.json(
          { error: error.message, code: "too_many_requests" },
          { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
        );
      }
      const response = errorResponse(error, request);
      if (response.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="goldenset"');
      return response;
    }
  };
}

class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(
      `Too many requests with this token (${API_REQUESTS_PER_MINUTE} a minute); retry in ${retryAfterSeconds} s.`,
    );
  }
}

async function apiCaller(request: Request): Promise<CurrentUser> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const token = parseBearerToken(authorization);
    const found = token ? await authenticateApiToken(db(), { token }) : null;
    if (!found) throw new AppError("unauthorized", "The API token is missing, wrong or revoked.");
    const taken = await apiLimiter().take(found.tokenId);
    if (!taken.allowed) throw new RateLimited(taken.retryAfterSeconds);
    return found.user;
  }
  if (
    isCrossOriginWrite(request, {
      appUrl: configuredAppUrl(),
      trustForwardedHeaders: trustForwardedHeaders(),
    })
  )
    throw new AppError("forbidden", "Cross-origin requests may not change data.");
  const user = await userFromHeaders(request.headers);
  if (!user) throw new AppError("unauthorized", "Send Authorization: Bearer <API token>, or sign in.");
  return user;
}

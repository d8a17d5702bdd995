import type { z } from "zod";
import { type ApiRateLimiter, createApiRateLimiter } from "@/lib/api-tokens/api-rate-limiter";
import { authenticateApiToken } from "@/lib/api-tokens/authenticate-api-token";
import { parseBearerToken } from "@/lib/api-tokens/token-format";
import { type AccessRule, authorize, type CurrentUser, userFromHeaders } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { redisUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import {
  answerRoute,
  parseRouteInput,
  type RouteContext,
  type RouteInput,
  refuseCrossOriginWrite,
} from "@/lib/http/route-handler";

/** Requests per token per minute (shared through Redis when REDIS_URL is set; see README "REST API"). */
const API_REQUESTS_PER_MINUTE = 120;
let limiter: ApiRateLimiter | undefined;
const apiLimiter = () =>
  (limiter ??= createApiRateLimiter({
    limit: API_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
    redisUrl: redisUrl(),
  }));

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
    const response = await answerRoute(request, async () => {
      const user = await apiCaller(request);
      authorize(user, options.access);
      const { params, body } = await parseRouteInput(request, context, {
        params: options.params,
        body: options.body,
      });
      const input = { request, user, params, query: undefined, body };
      return handler(input as RouteInput<Access, Params, undefined, Body>);
    });
    if (response.status === 401) response.headers.set("WWW-Authenticate", 'Bearer realm="goldenset"');
    return response;
  };
}

async function apiCaller(request: Request): Promise<CurrentUser> {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const token = parseBearerToken(authorization);
    const found = token ? await authenticateApiToken(db(), { token }) : null;
    if (!found) throw new AppError("unauthorized", "The API token is missing, wrong or revoked.");
    const taken = await apiLimiter().take(found.tokenId);
    if (!taken.allowed) {
      throw AppError.tooManyRequests(
        `Too many requests with this token (${API_REQUESTS_PER_MINUTE} a minute); retry in ${taken.retryAfterSeconds} s.`,
        taken.retryAfterSeconds,
      );
    }
    return found.user;
  }
  refuseCrossOriginWrite(request);
  const user = await userFromHeaders(request.headers);
  if (!user) throw new AppError("unauthorized", "Send Authorization: Bearer <API token>, or sign in.");
  return user;
}

import { throttlePasswordCheck } from "@/lib/auth/throttle-password-check";

/** Where app/api/auth/[...all]/route.ts mounts better-auth (its default basePath). */
const authBasePath = "/api/auth";

/**
 * The better-auth endpoints served over HTTP, by method; every other path under /api/auth
 * answers 404. The app signs in and out through server actions, so these are for API clients.
 * Refused by omission are all the endpoints that check a password besides sign-in
 * (`/change-password`, `/delete-user`, `/verify-password`, `/sign-up/email`, …): no password is
 * checked around the sign-in throttle, and an endpoint a future better-auth adds stays closed.
 */
export const servedAuthEndpoints: Readonly<Record<"GET" | "POST", readonly string[]>> = {
  GET: ["/get-session", "/ok"],
  POST: ["/sign-in/email", "/sign-out"],
};

type Handler = (request: Request) => Promise<Response>;

/**
 * better-auth's route handler behind a guard: serves only `servedAuthEndpoints`, and puts
 * `POST /sign-in/email` behind the sign-in throttle (429 with `Retry-After` when locked).
 */
export async function serveAuthRequest(request: Request, handler: Handler): Promise<Response> {
  const pathname = new URL(request.url).pathname;
  const endpoint = pathname.startsWith(`${authBasePath}/`) ? pathname.slice(authBasePath.length) : null;
  const served =
    request.method === "GET" || request.method === "POST" ? servedAuthEndpoints[request.method] : [];
  if (endpoint === null || !served.includes(endpoint)) return errorResponse(404, "not_found", "Not found.");
  if (request.method === "POST" && endpoint === "/sign-in/email") return signIn(request, handler);
  return handler(request);
}

async function signIn(request: Request, handler: Handler): Promise<Response> {
  const email = await emailOf(request);
  if (email === "unsupported") {
    return errorResponse(415, "bad_request", "Send the email and password as JSON or a form.");
  }
  if (email === null) return errorResponse(400, "bad_request", "Send an email and a password.");
  let response: Response | undefined;
  const outcome = await throttlePasswordCheck({ email, requestHeaders: request.headers }, async () => {
    response = await handler(request);
    return response.ok;
  });
  if (outcome.throttled) {
    return errorResponse(429, "too_many_requests", outcome.message, {
      "Retry-After": String(outcome.retryAfterSeconds),
    });
  }
  return response as Response;
}

/**
 * The email better-auth will read from the body, parsed the way it parses it (JSON, or a form
 * where the last value wins), from a copy so better-auth still reads the original. "unsupported":
 * a media type better-auth refuses as well.
 */
async function emailOf(request: Request): Promise<string | null | "unsupported"> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType === "application/json") {
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => null);
    const email = typeof body === "object" && body !== null ? (body as { email?: unknown }).email : undefined;
    return typeof email === "string" ? email : null;
  }
  if (mediaType === "application/x-www-form-urlencoded") {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const email = form?.getAll("email").at(-1);
    return typeof email === "string" ? email : null;
  }
  return "unsupported";
}

function errorResponse(
  status: number,
  code: string,
  error: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error, code }, { status, headers });
}

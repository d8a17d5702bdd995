import type { z } from "zod";
import { AppError, formatJsonPath } from "@/lib/errors";
import { checkResolvedAddresses, type ResolveAll } from "@/lib/retrieval/providers/check-outbound-url";

/** How a provider client retries and times out; every field has a default. */
export type RetryPolicy = {
  /** Per attempt, covering the response body too. */
  timeoutMs: number;
  /** Retries after the first attempt (so maxRetries + 1 attempts at most). */
  maxRetries: number;
  /** Backoff before retry n (0-based) is min(maxDelayMs, baseDelayMs · 2^n), jittered to 50–100 %. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After header on 429/503 is honoured up to this many milliseconds. */
  maxRetryAfterMs: number;
  /** Injectable for tests; defaults to setTimeout. */
  sleep: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); injectable for deterministic tests. */
  random: () => number;
};

export const defaultRetryPolicy: RetryPolicy = {
  timeoutMs: 30_000,
  maxRetries: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

export type PostJsonOptions = {
  /** Names the provider in error messages: "embedding provider", "rerank provider". */
  label: string;
  url: URL;
  body: unknown;
  /** Sent as `Authorization: Bearer …`; never logged or put in a message. */
  apiKey?: string | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  /** Cancels the whole call, retries included. */
  signal?: AbortSignal | undefined;
  /**
   * The host was admitted only by the allow-list's `*`: before every attempt its name is resolved
   * and the call refused unless every address is public (checkResolvedAddresses).
   */
  publicOnly?: boolean | undefined;
  /** Name resolution for `publicOnly`; the system resolver by default. */
  resolve?: ResolveAll | undefined;
};

/**
 * POSTs JSON and returns the parsed JSON body of the first 2xx answer. Retries network errors,
 * timeouts, 408, 429 and 5xx with exponential backoff; fails at once on other statuses.
 * Throws AppError "unavailable" when the provider cannot serve us, "bad_request" when our
 * configuration is wrong (API key, URL, model).
 */
export async function postJson(options: PostJsonOptions): Promise<unknown> {
  const policy = { ...defaultRetryPolicy, ...options.retry };
  const where = `${options.label} at ${options.url.origin}`;
  let lastFailure: AppError | undefined;
  let rateLimited = false;
  for (let attempt = 0; attempt <= policy.maxRetries; attempt++) {
    if (options.publicOnly) await checkResolvedAddresses({ url: options.url, resolve: options.resolve });
    const outcome = await attemptOnce(options, policy.timeoutMs, where);
    if (outcome.kind === "ok") return outcome.json;
    if (outcome.kind === "fatal") throw outcome.error;
    lastFailure = outcome.error;
    rateLimited = outcome.rateLimited;
    if (attempt === policy.maxRetries) break;
    const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
    const jittered = backoff * (0.5 + 0.5 * policy.random());
    const delay =
      outcome.retryAfterMs === undefined ? jittered : Math.min(outcome.retryAfterMs, policy.maxRetryAfterMs);
    await policy.sleep(delay);
    if (options.signal?.aborted) throw new AppError("unavailable", `${where}: the request was cancelled`);
  }
  if (rateLimited)
    throw new AppError(
      "unavailable",
      `${where} rate-limited the requests (HTTP 429) and ${policy.maxRetries} retries did not get through`,
    );
  throw lastFailure ?? new AppError("internal", `${where}: no attempt was made`);
}

type Attempt =
  | { kind: "ok"; json: unknown }
  | { kind: "retry"; error: AppError; rateLimited: boolean; retryAfterMs?: number | undefined }
  | { kind: "fatal"; error: AppError };

async function attemptOnce(options: PostJsonOptions, timeoutMs: number, where: string): Promise<Attempt> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  try {
    // Redirects are not followed: the allow-list was checked for this URL only.
    const response = await fetch(options.url, {
      method: "POST",
      headers,
      body: JSON.stringify(options.body),
      signal,
      redirect: "manual",
    });
    const text = await response.text();
    if (response.ok) {
      try {
        return { kind: "ok", json: JSON.parse(text) };
      } catch {
        return fatal("unavailable", `${where} answered with a malformed response: the body is not JSON`);
      }
    }
    // Some providers echo the credential in error bodies: never let it into a message.
    return classifyStatus(
      response,
      options.apiKey ? text.replaceAll(options.apiKey, "[redacted]") : text,
      where,
    );
  } catch (error) {
    if (options.signal?.aborted) return fatal("unavailable", `${where}: the request was cancelled`);
    if (timeout.aborted)
      return retry(new AppError("unavailable", `${where} did not answer within ${formatSeconds(timeoutMs)}`));
    const code = networkErrorCode(error);
    return retry(new AppError("unavailable", `${where} is unreachable (${code})`));
  }
}

function classifyStatus(response: Response, text: string, where: string): Attempt {
  const status = response.status;
  if (status === 401 || status === 403)
    return fatal("bad_request", `${where} rejected the API key (HTTP ${status})`);
  if (status === 429 || status === 503) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    const what = status === 429 ? "rate-limited the requests" : "is temporarily unavailable";
    const error = new AppError("unavailable", `${where} ${what} (HTTP ${status})`);
    return { kind: "retry", error, rateLimited: status === 429, retryAfterMs };
  }
  if (status === 408 || status >= 500)
    return retry(new AppError("unavailable", `${where} failed (HTTP ${status})${detail(text)}`));
  if (status >= 300 && status < 400)
    return fatal(
      "bad_request",
      `${where} answered with a redirect (HTTP ${status}) to ${response.headers.get("location") ?? "?"}; redirects are not followed, configure the final URL`,
    );
  return fatal("bad_request", `${where} refused the request (HTTP ${status})${detail(text)}`);
}

/**
 * Validates a provider's JSON with a zod schema; the first issue becomes the message, e.g.
 * "embedding provider at http://… answered with a malformed response: data[3].embedding is missing".
 */
export function parseProviderResponse<Schema extends z.ZodType>(options: {
  label: string;
  url: URL;
  schema: Schema;
  json: unknown;
}): z.infer<Schema> {
  const parsed = options.schema.safeParse(options.json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const problem = !issue
    ? "it does not match the expected shape"
    : issue.code === "invalid_type" && issue.message.endsWith("received undefined")
      ? `${formatJsonPath(issue.path)} is missing`
      : `${formatJsonPath(issue.path)}: ${issue.message}`;
  throw malformedResponse(options, problem);
}

export function malformedResponse(options: { label: string; url: URL }, problem: string): AppError {
  return new AppError(
    "unavailable",
    `${options.label} at ${options.url.origin} answered with a malformed response: ${problem}`,
  );
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function networkErrorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } }).cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** A short excerpt of an error body: providers explain bad models and inputs there. */
function detail(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, " ");
  return trimmed === "" ? "" : `: ${trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed}`;
}

function retry(error: AppError): Attempt {
  return { kind: "retry", error, rateLimited: false };
}

function fatal(code: "bad_request" | "unavailable", message: string): Attempt {
  return { kind: "fatal", error: new AppError(code, message) };
}

import { z } from "zod";
import { AppError, type AppErrorCode } from "@/lib/errors";
import {
  checkResolvedAddresses,
  outboundEndpoint,
  type ResolveAll,
} from "@/lib/retrieval/providers/check-outbound-url";
import { defaultRetryPolicy, parseRetryAfter, type RetryPolicy } from "@/lib/retrieval/providers/post-json";

const LABEL = "judge endpoint";

type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

type ChatCompletion = {
  content: string;
  /** Usage the endpoint reported for the answer that succeeded; 0 when it reports none. */
  promptTokens: number;
  completionTokens: number;
  /** HTTP requests this call made, retries and the JSON-mode fallback included. */
  calls: number;
};

/**
 * Why a completion failed, so a judging job can tell "fail the whole job" (refused-key, nonsense,
 * rejected: every further pair would fail the same way) from "this pair failed after retries".
 */
export type ChatFailureReason =
  | "refused-key" // 401/403
  | "nonsense" // a 2xx whose body is not a chat completion
  | "rejected" // another 4xx or a redirect: our configuration (model, URL) is wrong
  | "rate-limited" // 429 after every retry
  | "timeout" // no answer within timeoutMs, after every retry
  | "server-error" // 5xx after every retry
  | "unreachable" // network error after every retry
  | "cancelled";

export class ChatClientError extends AppError {
  readonly reason: ChatFailureReason;
  /** Requests made before the failure, so a job's call count and budget stay exact. */
  readonly calls: number;

  constructor(options: { code: AppErrorCode; reason: ChatFailureReason; message: string; calls?: number }) {
    super(options.code, options.message);
    this.reason = options.reason;
    this.calls = options.calls ?? 0;
  }
}

export type ChatClientOptions = {
  /** Up to and including the version segment: `https://api.openai.com/v1`, `http://localhost:11434/v1`
   *  (Ollama), vLLM, LM Studio, LiteLLM. Requests go to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  model: string;
  /** Read by the caller from the judge's key variable; never logged nor put in a message. */
  apiKey?: string | undefined;
  /** Per attempt, covering the response body too. */
  timeoutMs: number;
  maxTokens: number;
  /** Allowed hosts, see check-outbound-url.ts (the app passes GOLDENSET_OUTBOUND_ALLOWLIST). */
  allowList: readonly string[];
  /** Backoff, attempts and Retry-After cap; the same defaults as the embedding providers. */
  retry?: Partial<Omit<RetryPolicy, "timeoutMs">> | undefined;
  fetch?: typeof fetch | undefined;
  /** Name resolution when the host is admitted only by the allow-list's `*`. */
  resolve?: ResolveAll | undefined;
};

export type ChatClient = {
  /** The normalized endpoint URL, for a judge's settings and messages. */
  readonly endpoint: string;
  readonly model: string;
  complete(
    messages: readonly ChatMessage[],
    options: { json: boolean; signal?: AbortSignal | undefined },
  ): Promise<ChatCompletion>;
};

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1, "choices is empty"),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative().optional(),
      completion_tokens: z.number().int().nonnegative().optional(),
    })
    .nullish(),
});

/**
 * An OpenAI-compatible chat-completions client for LLM judges: temperature 0, `max_tokens`, JSON
 * mode on request. Checks the URL against the allow-list at creation, so a misconfigured judge
 * fails before any job starts.
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const { url, publicOnly } = outboundEndpoint({ ...options, path: "chat/completions" });
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry, timeoutMs: options.timeoutMs };
  const where = `${LABEL} at ${url.origin}`;
  // Many local servers refuse `response_format`; once one did, this client stops sending it.
  let jsonModeRefused = false;
  const context: AttemptContext = {
    url,
    where,
    timeoutMs: policy.timeoutMs,
    apiKey: options.apiKey,
    fetch: options.fetch,
  };

  async function complete(
    messages: readonly ChatMessage[],
    callOptions: { json: boolean; signal?: AbortSignal | undefined },
  ): Promise<ChatCompletion> {
    let calls = 0;
    let lastFailure: Failure | undefined;
    for (let attempt = 0; attempt <= policy.maxRetries; attempt++) {
      if (publicOnly) await checkResolvedAddresses({ url, resolve: options.resolve });
      const body: Record<string, unknown> = {
        model: options.model,
        messages,
        temperature: 0,
        max_tokens: options.maxTokens,
      };
      if (callOptions.json && !jsonModeRefused) body.response_format = { type: "json_object" };
      calls++;
      const outcome = await attemptOnce(context, { body, signal: callOptions.signal });
      if (outcome.kind === "ok") return { ...outcome.completion, calls };
      if (outcome.kind === "json-mode-refused") {
        // Not a failure of the endpoint: ask again at once, without the attempt counting.
        jsonModeRefused = true;
        attempt--;
        continue;
      }
      if (outcome.kind === "fatal") throw new ChatClientError({ ...outcome.failure, calls });
      lastFailure = outcome.failure;
      if (attempt === policy.maxRetries) break;
      await policy.sleep(retryDelay(policy, attempt, outcome.retryAfterMs));
      if (callOptions.signal?.aborted) throw new ChatClientError({ ...cancelledFailure(where), calls });
    }
    const failure = lastFailure ?? cancelledFailure(where);
    const requests = `${calls} ${calls === 1 ? "request" : "requests"}`;
    throw new ChatClientError({
      ...failure,
      message: `${failure.message}; gave up after ${requests}`,
      calls,
    });
  }

  return { endpoint: url.href, model: options.model, complete };
}

type AttemptContext = {
  url: URL;
  where: string;
  timeoutMs: number;
  apiKey?: string | undefined;
  fetch?: typeof fetch | undefined;
};

async function attemptOnce(
  context: AttemptContext,
  request: { body: Record<string, unknown>; signal?: AbortSignal | undefined },
): Promise<Attempt> {
  const { where } = context;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), context.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (context.apiKey) headers.authorization = `Bearer ${context.apiKey}`;
  try {
    // Redirects are not followed: the allow-list was checked for this URL only.
    const response = await (context.fetch ?? fetch)(context.url, {
      method: "POST",
      headers,
      body: JSON.stringify(request.body),
      signal,
      redirect: "manual",
    });
    const raw = await response.text();
    // Some providers echo the credential in error bodies: never let it into a message.
    const text = context.apiKey ? raw.replaceAll(context.apiKey, "[redacted]") : raw;
    if (response.ok) return readCompletion(text, where);
    const askedJson = request.body.response_format !== undefined;
    if (askedJson && response.status === 400 && /response_format|json_object|json mode/i.test(text))
      return { kind: "json-mode-refused" };
    return classifyStatus(response, text, where);
  } catch (error) {
    if (request.signal?.aborted) return { kind: "fatal", failure: cancelledFailure(where) };
    if (controller.signal.aborted)
      return retry(
        "timeout",
        `${where} did not answer within ${Number((context.timeoutMs / 1000).toFixed(3))} s`,
      );
    return retry("unreachable", `${where} is unreachable (${networkErrorCode(error)})`);
  } finally {
    clearTimeout(timer);
  }
}

/** Exponential backoff jittered to 50–100 %, unless the endpoint said how long to wait (capped). */
function retryDelay(policy: RetryPolicy, attempt: number, retryAfterMs: number | undefined): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryAfterMs);
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return backoff * (0.5 + 0.5 * policy.random());
}

type Failure = { code: AppErrorCode; reason: ChatFailureReason; message: string };

type Attempt =
  | { kind: "ok"; completion: Omit<ChatCompletion, "calls"> }
  | { kind: "json-mode-refused" }
  | { kind: "retry"; failure: Failure; retryAfterMs?: number | undefined }
  | { kind: "fatal"; failure: Failure };

function readCompletion(text: string, where: string): Attempt {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return nonsense(where, `the body is not JSON (${excerpt(text)})`);
  }
  const parsed = completionSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join(".") || "the body";
    return nonsense(where, `${path}: ${issue?.message ?? "not a chat completion"} (${excerpt(text)})`);
  }
  const { choices, usage } = parsed.data;
  return {
    kind: "ok",
    completion: {
      content: choices[0]?.message.content ?? "",
      promptTokens: usage?.prompt_tokens ?? 0,
      completionTokens: usage?.completion_tokens ?? 0,
    },
  };
}

function classifyStatus(response: Response, text: string, where: string): Attempt {
  const status = response.status;
  if (status === 401 || status === 403)
    return fatal("bad_request", "refused-key", `${where} refused the API key (HTTP ${status})`);
  if (status === 429 || status === 503) {
    const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
    const reason = status === 429 ? "rate-limited" : "server-error";
    const what = status === 429 ? "rate-limited the requests" : "is temporarily unavailable";
    return {
      kind: "retry",
      failure: { code: "unavailable", reason, message: `${where} ${what} (HTTP ${status})` },
      retryAfterMs,
    };
  }
  if (status === 408 || status >= 500)
    return retry("server-error", `${where} failed (HTTP ${status})${detail(text)}`);
  const redirect = status >= 300 && status < 400;
  const message = redirect
    ? `${where} answered with a redirect (HTTP ${status}); redirects are not followed, configure the final URL`
    : `${where} refused the request (HTTP ${status})${detail(text)}`;
  return fatal("bad_request", "rejected", message);
}

function cancelledFailure(where: string): Failure {
  return { code: "unavailable", reason: "cancelled", message: `${where}: the request was cancelled` };
}

function fatal(code: AppErrorCode, reason: ChatFailureReason, message: string): Attempt {
  return { kind: "fatal", failure: { code, reason, message } };
}

function retry(reason: ChatFailureReason, message: string): Attempt {
  return { kind: "retry", failure: { code: "unavailable", reason, message } };
}

function nonsense(where: string, problem: string): Attempt {
  return fatal("unavailable", "nonsense", `${where} answered nonsense: ${problem}`);
}

/** A short, one-line excerpt of a body: enough to recognize an HTML error page or a wrong API. */
function excerpt(text: string): string {
  const oneLine = text.trim().replace(/\s+/g, " ");
  if (oneLine === "") return "an empty body";
  return oneLine.length > 120 ? `${oneLine.slice(0, 120)}…` : oneLine;
}

function detail(text: string): string {
  return text.trim() === "" ? "" : `: ${excerpt(text)}`;
}

function networkErrorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } }).cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
}

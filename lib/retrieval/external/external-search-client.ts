import { z } from "zod";
import { AppError, describeValue, formatJsonPath } from "@/lib/errors";
import { connectProvider, type ProviderConnectionOptions } from "@/lib/retrieval/providers/connect-provider";
import { malformedResponse } from "@/lib/retrieval/providers/post-json";

const LABEL = "external retriever";

/**
 * One result of the user's own retriever. `start`/`end` are UTF-16 offsets into the document
 * (end exclusive) when the system reports a passage position; `text` is the passage it returned.
 * Neither is checked against the document here: see locate-hit.ts.
 */
type ExternalHit = { docId: string; score: number; text?: string; start?: number; end?: number };

export type ExternalSearchClientOptions = ProviderConnectionOptions & {
  /** The endpoint itself, e.g. `https://search.internal.example/api/search`; receives POST `{ query, top_k }`. */
  url: string;
  /** Per attempt; shorthand for `retry.timeoutMs` (which wins when both are given). */
  timeoutMs?: number | undefined;
};

export type ExternalSearchClient = {
  /** The checked endpoint URL. */
  readonly url: string;
  /** Best first (score descending, ties in the order the system answered), at most topK hits. */
  search(query: string, topK: number, options?: { signal?: AbortSignal }): Promise<ExternalHit[]>;
};

/**
 * Error messages read "results[3].score: expected number, got string" or "results[0].doc_id is
 * missing". `null` counts as absent for the optional fields (Python services often send it).
 */
const MISSING = "is missing";
const expected =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? MISSING : `expected ${what}, got ${describeValue(issue.input)}`;

const DOC_ID = "a non-empty string or a number";
const offsetSchema = z
  .number({ error: expected("number") })
  .int({ error: expected("a non-negative integer") })
  .nonnegative({ error: expected("a non-negative integer") })
  .nullish();

const hitSchema = z.object(
  {
    doc_id: z.union([z.string().min(1, { error: expected(DOC_ID) }), z.number()], {
      error: expected(DOC_ID),
    }),
    score: z.number({ error: expected("number") }),
    text: z.string({ error: expected("string") }).nullish(),
    start: offsetSchema,
    end: offsetSchema,
  },
  { error: expected("an object") },
);
const hitListSchema = z.array(hitSchema, { error: expected("an array") });

export function createExternalSearchClient(options: ExternalSearchClientOptions): ExternalSearchClient {
  const { url, post } = connectProvider({
    label: LABEL,
    baseUrl: options.url,
    apiKey: options.apiKey,
    allowList: options.allowList,
    retry: { ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }), ...options.retry },
  });
  return {
    url: url.href,
    async search(query, topK, searchOptions = {}) {
      if (!Number.isInteger(topK) || topK < 1)
        throw new AppError("bad_request", `external retriever top_k must be a positive integer, got ${topK}`);
      const json = await post({ query, top_k: topK }, searchOptions.signal);
      const hits = parseHits(url, json);
      // Array.prototype.sort is stable: equal scores keep the system's order.
      return hits.sort((a, b) => b.score - a.score).slice(0, topK);
    },
  };
}

/** Accepts `[...]`, `{ "results": [...] }` or `{ "hits": [...] }`. */
function parseHits(url: URL, json: unknown): ExternalHit[] {
  const where = { label: LABEL, url };
  let items: unknown;
  let basePath: string[];
  if (Array.isArray(json)) {
    items = json;
    basePath = [];
  } else if (isObject(json) && "results" in json) {
    items = json.results;
    basePath = ["results"];
  } else if (isObject(json) && "hits" in json) {
    items = json.hits;
    basePath = ["hits"];
  } else {
    throw malformedResponse(
      where,
      `expected a JSON array of hits or an object with "results" or "hits", got ${describeValue(json)}`,
    );
  }
  const parsed = hitListSchema.safeParse(items);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = formatJsonPath([...basePath, ...(issue?.path ?? [])]);
    const message = issue?.message ?? "does not match the expected shape";
    throw malformedResponse(where, message === MISSING ? `${path} ${MISSING}` : `${path}: ${message}`);
  }
  return parsed.data.map((item) => {
    const hit: ExternalHit = { docId: String(item.doc_id), score: item.score };
    if (item.text != null) hit.text = item.text;
    if (item.start != null) hit.start = item.start;
    if (item.end != null) hit.end = item.end;
    return hit;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

import { z } from "zod";
import { parseListParams } from "../page-helpers";

/** The retriever kinds a run list filters by, with their names (the configuration's `retriever.kind`). */
export const RETRIEVER_KIND_NAMES = {
  bm25: "BM25",
  dense: "Dense",
  hybrid: "Hybrid",
  external: "HTTP endpoint",
  imported: "Imported run file",
} as const;
type RetrieverKindName = keyof typeof RETRIEVER_KIND_NAMES;

export const RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .transform((value) => (value === "" ? undefined : value))
  .optional()
  .catch(undefined);

const paramsSchema = z.object({
  set: optionalText,
  kind: z
    .enum(Object.keys(RETRIEVER_KIND_NAMES) as [RetrieverKindName, ...RetrieverKindName[]])
    .optional()
    .catch(undefined),
  version: z.coerce.number().int().min(1).optional().catch(undefined),
  status: z.enum(RUN_STATUSES).optional().catch(undefined),
  tag: optionalText,
  archived: z
    .string()
    .optional()
    .transform((value) => value === "1" || value === "on" || value === "true")
    .catch(false),
});

/** A run list's URL: `?q=&set=&kind=&version=&status=&tag=&archived=1&page=`. */
export type RunListParams = {
  search: string | undefined;
  page: number;
  setId: string | undefined;
  retrieverKind: RetrieverKindName | undefined;
  setVersion: number | undefined;
  status: (typeof RUN_STATUSES)[number] | undefined;
  tag: string | undefined;
  showArchived: boolean;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * A run list's filters from its URL; anything invalid (an unknown kind or status, a version that is
 * not a positive integer) is dropped rather than refused, as a list page always renders.
 */
export function parseRunListParams(
  searchParams: Record<string, string | string[] | undefined>,
): RunListParams {
  const { search, page } = parseListParams({ q: first(searchParams.q), page: first(searchParams.page) });
  const parsed = paramsSchema.parse({
    set: first(searchParams.set),
    kind: first(searchParams.kind),
    version: first(searchParams.version),
    status: first(searchParams.status),
    tag: first(searchParams.tag),
    archived: first(searchParams.archived),
  });
  return {
    search,
    page,
    setId: parsed.set,
    retrieverKind: parsed.kind,
    setVersion: parsed.version,
    status: parsed.status,
    tag: parsed.tag,
    showArchived: parsed.archived,
  };
}

/** The params back as URL values (for pager links and the filter form), page left out. */
export function runListQuery(params: RunListParams): Record<string, string | undefined> {
  return {
    q: params.search,
    set: params.setId,
    kind: params.retrieverKind,
    version: params.setVersion === undefined ? undefined : String(params.setVersion),
    status: params.status,
    tag: params.tag,
    archived: params.showArchived ? "1" : undefined,
  };
}

/** True when any filter narrows the list (so an empty list says "no run matches", not "no runs"). */
export function isFiltered(params: RunListParams): boolean {
  const { page: _page, ...filters } = params;
  return Object.values(filters).some((value) => value !== undefined && value !== false);
}

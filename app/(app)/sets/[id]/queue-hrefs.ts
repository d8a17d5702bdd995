import { listHref } from "../../page-helpers";

/** Where the annotator's queue links to, in one place (the query page, /next and /holes use these). */

/**
 * Resolves the next query needing the signed-in annotator after `after` (or from the start);
 * with `holes`, queries that only have holes are offered too once their own work is done.
 */
export function nextQueryHref(setId: string, after?: string, options: { holes?: boolean } = {}): string {
  return listHref(`/sets/${setId}/next`, { after, holes: options.holes ? "1" : undefined });
}

/** A query opened by "Next", which says why (`why`, the query's queue tier). */
export function queryFromNextHref(setId: string, queryId: string, why: string): string {
  return listHref(`/sets/${setId}/queries/${queryId}`, { why });
}

type HoleLink = { queryId: string; documentId: string; start: number; end: number };

/** The workspace opened on a hole: its query and document, the chunk selected, in holes mode. */
export function holeHref(setId: string, hole: HoleLink, runId?: string): string {
  return listHref(`/sets/${setId}/queries/${hole.queryId}`, {
    doc: hole.documentId,
    span: `${hole.start}-${hole.end}`,
    mode: "holes",
    run: runId,
  });
}

/** The end of a hole walk (or its start, when holes remain): /next in holes mode. */
export function nextHoleHref(setId: string, runId?: string): string {
  return listHref(`/sets/${setId}/next`, { mode: "holes", run: runId });
}

/** The list of holes: the set's, or one run's. */
export function holesHref(setId: string, runId?: string): string {
  return listHref(`/sets/${setId}/holes`, { run: runId });
}

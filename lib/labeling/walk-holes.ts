import type { Hole } from "@/lib/labeling/list-holes";

/** A hole as a workspace URL names it: the query, the document and the chunk's span. */
export type HoleRef = { queryId: string; documentId: string; start: number; end: number };

const sameHole = (hole: Hole, ref: HoleRef) =>
  hole.queryId === ref.queryId &&
  hole.documentId === ref.documentId &&
  hole.start === ref.start &&
  hole.end === ref.end;

/** Where `ref` is in the hole list (0-based), or null once it is judged (no longer a hole). */
export function holeIndex(holes: readonly Hole[], ref: HoleRef | null): number | null {
  if (!ref) return null;
  const index = holes.findIndex((hole) => sameHole(hole, ref));
  return index === -1 ? null : index;
}

/**
 * The hole "next hole" opens, walking `holes` (in set order, as `listHoles` sorts them) and
 * leaving out those `skip` says (queries another annotator holds). From a hole still open, the
 * one after it; from one just judged, the first remaining hole of the same query, else of a later
 * query; wrapping round to the first. Never `current` itself; null when no other hole is left.
 */
export function holeAfter(options: {
  holes: readonly Hole[];
  current: HoleRef | null;
  queryOrder: readonly string[];
  skip?: (hole: Hole) => boolean;
}): Hole | null {
  const { holes, current } = options;
  const open = holes.filter(
    (hole) => !(current && sameHole(hole, current)) && !(options.skip?.(hole) ?? false),
  );
  if (!current) return open[0] ?? null;
  const order = new Map(options.queryOrder.map((queryId, index) => [queryId, index]));
  const at = holeIndex(holes, current);
  const after =
    at === null
      ? open.find((hole) => (order.get(hole.queryId) ?? -1) >= (order.get(current.queryId) ?? -1))
      : open.find((hole) => holes.indexOf(hole) > at);
  return after ?? open[0] ?? null;
}

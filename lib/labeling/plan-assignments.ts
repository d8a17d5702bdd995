import { AppError } from "@/lib/errors";

/**
 * Who labels which query: every query gets one annotator, and an `overlapPercent` share of them
 * (spread evenly through the set order, rounded to the nearest query) a second one, so agreement
 * can be measured. Each query goes to the annotators with the fewest queries so far, ties broken
 * by the order they were chosen in, so the work is round-robin and balanced (loads differ by at
 * most one); `existing` loads (queries already assigned) count too. Deterministic.
 */
export function planAssignments(options: {
  queryIds: readonly string[];
  annotatorIds: readonly string[];
  overlapPercent: number;
  existing?: ReadonlyMap<string, number>;
}): { queryId: string; userId: string }[] {
  const { queryIds, annotatorIds, overlapPercent } = options;
  if (annotatorIds.length === 0) throw new AppError("bad_request", "Choose at least one annotator.");
  if (overlapPercent < 0 || overlapPercent > 100)
    throw new AppError("bad_request", "The overlap is between 0% and 100%.");
  const overlapCount = Math.round((queryIds.length * overlapPercent) / 100);
  if (overlapCount > 0 && annotatorIds.length < 2)
    throw new AppError(
      "bad_request",
      "Overlap needs at least two annotators: choose another one, or set the overlap to 0%.",
    );
  const load = new Map(annotatorIds.map((id) => [id, options.existing?.get(id) ?? 0]));
  const order = new Map(annotatorIds.map((id, index) => [id, index]));
  let rotation = 0;
  const pick = (count: number): string[] => {
    const chosen = [...annotatorIds]
      .sort(
        (a, b) =>
          (load.get(a) ?? 0) - (load.get(b) ?? 0) ||
          rotate(order.get(a) ?? 0, rotation, annotatorIds.length) -
            rotate(order.get(b) ?? 0, rotation, annotatorIds.length),
      )
      .slice(0, count);
    for (const id of chosen) load.set(id, (load.get(id) ?? 0) + 1);
    rotation = ((order.get(chosen.at(-1) ?? "") ?? 0) + 1) % annotatorIds.length;
    return chosen;
  };
  return queryIds.flatMap((queryId, index) => {
    const overlapped =
      Math.floor(((index + 1) * overlapCount) / queryIds.length) >
      Math.floor((index * overlapCount) / queryIds.length);
    return pick(overlapped ? 2 : 1).map((userId) => ({ queryId, userId }));
  });
}

/** The place of annotator `index` in the round that starts at `start`. */
function rotate(index: number, start: number, count: number): number {
  return (index - start + count) % count;
}

import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { querySplitSchema } from "@/lib/exchange/golden-set-schema";

type QuerySplit = z.infer<typeof querySplitSchema>;

/**
 * Every comparison restricted to one side of a set's dev/holdout split goes through here — the
 * comparison page, POST /api/v1/compare, `goldenset compare` and `goldenset gate`: each run's
 * per-query values keep only the queries on `split` (`splitOf` gives a query's side: dev,
 * holdout, or null/undefined for none), so pairing, tests and means then stand on that side
 * alone. Without `split` the runs come back as they are. A split that leaves no query of any run
 * is a bad_request saying why (the set is not split, or no evaluated query is on that side).
 */
export function restrictToSplit<Values>(options: {
  runs: readonly ReadonlyMap<string, Values>[];
  splitOf: (queryId: string) => string | null | undefined;
  split: QuerySplit | undefined;
  /** Where the request named the split, for the error: ["split"], or a flag's name. */
  path?: (string | number)[];
}): readonly ReadonlyMap<string, Values>[] {
  const { split } = options;
  if (split === undefined) return options.runs;
  const restricted = options.runs.map(
    (values) => new Map([...values].filter(([queryId]) => options.splitOf(queryId) === split)),
  );
  if (restricted.every((values) => values.size === 0)) {
    const evaluated = new Set(options.runs.flatMap((values) => [...values.keys()]));
    const anySplit = [...evaluated].some((queryId) => {
      const side = options.splitOf(queryId);
      return side === "dev" || side === "holdout";
    });
    throw new AppError(
      "bad_request",
      anySplit
        ? `No evaluated query is on the ${split} side of the split: there is nothing to compare.`
        : `The set is not split into dev and holdout queries (or the runs evaluated none of its split queries): split it first (set page, or POST /api/v1/sets/{id}/split).`,
      { path: options.path ?? ["split"] },
    );
  }
  return restricted;
}

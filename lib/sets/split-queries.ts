import { z } from "zod";
import { AppError } from "@/lib/errors";
import { querySplitSchema } from "@/lib/exchange/golden-set-schema";
import { UNCLASSIFIED } from "@/lib/logs/sample-queries";

/** The two halves of a split set: choose on dev, report on holdout. */
export { querySplitSchema };
export type QuerySplit = z.infer<typeof querySplitSchema>;

/** The holdout share a split aims at unless told otherwise. */
const DEFAULT_HOLDOUT_SHARE = 0.3;
const MIN_HOLDOUT_SHARE = 0.1;
const MAX_HOLDOUT_SHARE = 0.9;

/** What the REST route accepts (the form, the same as text): a share in range and a 32-bit seed (absent: a random one). */
export const splitRequestSchema = z.object({
  holdoutShare: z
    .number({ error: "The holdout share is a number, e.g. 0.3" })
    .min(MIN_HOLDOUT_SHARE, `The holdout share is at least ${MIN_HOLDOUT_SHARE}`)
    .max(MAX_HOLDOUT_SHARE, `The holdout share is at most ${MAX_HOLDOUT_SHARE}`)
    .default(DEFAULT_HOLDOUT_SHARE),
  seed: z
    .number({ error: "The seed is a whole number from 0 to 4294967295" })
    .int("The seed is a whole number")
    .min(0, "The seed is a whole number from 0 to 4294967295")
    .max(2 ** 32 - 1, "The seed is a whole number from 0 to 4294967295")
    .optional()
    .describe("absent: a random seed, returned and stored"),
});

export type SplitQuery = {
  /** The query's stable key within the set ("q-0001"): what the split hangs on. */
  key: string;
  /** Its classes; the first is its stratum, none → unclassified. */
  classes: readonly string[];
};

/**
 * Splits a set's queries into dev and holdout, stratified by query class: each query's stratum
 * is its first class (UNCLASSIFIED without one); within a stratum the queries are ordered by a
 * seeded hash of their key and the first ones go to holdout. How many each stratum gives is the
 * largest-remainder apportionment of round(share × queries) over the strata (ties by a seeded
 * hash of the class), so a set of many one-query classes still gets its holdout share, and each
 * class gives ⌊share × n⌋ or ⌈share × n⌉. The set keeps at least one query on each side.
 *
 * Deterministic: the same seed and the same keys and classes give the same split, whatever the
 * order of `queries`; a query added later moves no other query's rank within its stratum.
 * Throws bad_request below two queries (nothing to hold out).
 */
export function splitQueries(options: {
  queries: readonly SplitQuery[];
  seed: number;
  holdoutShare: number;
}): Map<string, QuerySplit> {
  const { queries, seed, holdoutShare } = options;
  if (queries.length < 2)
    throw new AppError("bad_request", "A split needs at least two queries: one dev and one holdout.");
  const strata = new Map<string, string[]>();
  for (const query of queries) {
    const stratum = query.classes[0] ?? UNCLASSIFIED;
    strata.set(stratum, [...(strata.get(stratum) ?? []), query.key]);
  }
  const total = Math.min(queries.length - 1, Math.max(1, Math.round(holdoutShare * queries.length)));
  const quotas = apportion({ strata, total, seed });
  const split = new Map<string, QuerySplit>();
  for (const [stratum, keys] of strata) {
    const ordered = [...keys].sort(
      (left, right) => seededHash(seed, left) - seededHash(seed, right) || (left < right ? -1 : 1),
    );
    const quota = quotas.get(stratum) ?? 0;
    for (const [index, key] of ordered.entries()) split.set(key, index < quota ? "holdout" : "dev");
  }
  return split;
}

/** Holdout queries per stratum: ⌊share × n⌋ each, the rest to the largest remainders. */
function apportion(options: {
  strata: ReadonlyMap<string, readonly string[]>;
  total: number;
  seed: number;
}): Map<string, number> {
  const size = [...options.strata.values()].reduce((sum, keys) => sum + keys.length, 0);
  const entries = [...options.strata].map(([stratum, keys]) => {
    const exact = (options.total * keys.length) / size;
    return { stratum, size: keys.length, quota: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = options.total - entries.reduce((sum, entry) => sum + entry.quota, 0);
  const byRemainder = [...entries].sort(
    (a, b) =>
      b.remainder - a.remainder ||
      seededHash(options.seed, a.stratum) - seededHash(options.seed, b.stratum) ||
      (a.stratum < b.stratum ? -1 : 1),
  );
  for (const entry of byRemainder) {
    if (left <= 0) break;
    if (entry.quota < entry.size) {
      entry.quota += 1;
      left -= 1;
    }
  }
  return new Map(entries.map((entry) => [entry.stratum, entry.quota]));
}

/** FNV-1a over the text's UTF-16 units, seeded and then mixed (murmur3's finalizer): a 32-bit rank. */
function seededHash(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** Counts per split, for the set page: queries added after the split are `unsplit`. */
export function countSplits(splits: readonly (string | null)[]): {
  dev: number;
  holdout: number;
  unsplit: number;
} {
  const counts = { dev: 0, holdout: 0, unsplit: 0 };
  for (const split of splits) {
    if (split === "dev") counts.dev += 1;
    else if (split === "holdout") counts.holdout += 1;
    else counts.unsplit += 1;
  }
  return counts;
}

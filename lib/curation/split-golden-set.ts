import type { Db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { clearQuerySplits, loadQueriesForSplit, saveQuerySplits } from "@/lib/db/query-splits";
import { classifySetQueries } from "@/lib/logs/classify-set-queries";
import { setClassifierOptions } from "@/lib/search/corpus-vocabulary";
import { splitQueries } from "@/lib/sets/split-queries";

/**
 * Splits a set's current queries into dev and holdout (lib/sets/split-queries.ts), stratified by
 * the classes the comparison's class breakdown uses (a log query's classes, else the text's), and
 * stores it with its seed and share. Without a seed, a random one is drawn (and stored and shown,
 * so the split can be repeated). Queries added later get no split until the set is split again.
 */
export async function splitGoldenSet(
  prisma: Db,
  options: { setId: string; holdoutShare: number; seed?: number },
): Promise<{ seed: number; holdoutShare: number; dev: number; holdout: number }> {
  const set = await getGoldenSet(prisma, options.setId);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const queries = await loadQueriesForSplit(prisma, options.setId);
  const classes = classifySetQueries(
    queries.map((query) => ({ text: query.text, logClasses: query.logQuery?.classes ?? null })),
    await setClassifierOptions(prisma, set.corpusId),
  );
  const byKey = splitQueries({
    queries: queries.map((query, index) => ({ key: query.key, classes: classes[index] ?? [] })),
    seed,
    holdoutShare: options.holdoutShare,
  });
  const splits = new Map(
    queries.flatMap((query) => {
      const split = byKey.get(query.key);
      return split ? [[query.id, split] as const] : [];
    }),
  );
  await saveQuerySplits(prisma, { setId: options.setId, seed, holdoutShare: options.holdoutShare, splits });
  const holdout = [...splits.values()].filter((split) => split === "holdout").length;
  return { seed, holdoutShare: options.holdoutShare, dev: splits.size - holdout, holdout };
}

/** Forgets the set's split. */
export async function clearGoldenSetSplit(prisma: Db, setId: string): Promise<void> {
  await clearQuerySplits(prisma, setId);
}

import { type JudgingFigures, type JudgingPrices, judgingCost } from "@/lib/judging/judging-figures";
import type { ModelJudgmentStatus } from "@/lib/judging/model-judgment-status";

/** A pair of the pool as the tally sees it: its key and the keys of its passages. */
export type TallyPair = { key: string; passageKeys: readonly string[] };

export type JudgingTally = {
  setStatus(passageKey: string, status: ModelJudgmentStatus): void;
  /** A request was sent for this pair in this go: it is not cached. */
  markSent(pairKey: string): void;
  /** Whether a request was sent for this pair in this go. */
  wasSent(pairKey: string): boolean;
  addTokens(usage: { promptTokens: number; completionTokens: number }): void;
  /** The figures with `calls` requests sent in this go (added to those of earlier goes). */
  figures(calls: number): JudgingFigures;
  /** Passages with any judgment of this judge, failed ones included (for progress). */
  settled(): number;
};

/**
 * The live figures of a judging job (JudgingFigures): `statuses` holds the judge's judgments
 * already stored for the pool's passages; `before` what earlier goes of the same job spent.
 */
export function createJudgingTally(options: {
  pairs: readonly TallyPair[];
  statuses: ReadonlyMap<string, ModelJudgmentStatus>;
  before: { calls: number; promptTokens: number; completionTokens: number };
  prices?: JudgingPrices | undefined;
}): JudgingTally {
  const statuses = new Map(options.statuses);
  const sent = new Set<string>();
  let promptTokens = options.before.promptTokens;
  let completionTokens = options.before.completionTokens;
  const passageKeys = [...new Set(options.pairs.flatMap((pair) => pair.passageKeys))];
  const done = (key: string) => {
    const status = statuses.get(key);
    return status !== undefined && status !== "failed";
  };
  return {
    setStatus: (passageKey, status) => void statuses.set(passageKey, status),
    markSent: (pairKey) => void sent.add(pairKey),
    wasSent: (pairKey) => sent.has(pairKey),
    addTokens: (usage) => {
      promptTokens += usage.promptTokens;
      completionTokens += usage.completionTokens;
    },
    settled: () => passageKeys.filter((key) => statuses.has(key)).length,
    figures: (calls) => {
      const judgedPairs = options.pairs.filter((pair) => pair.passageKeys.every(done));
      const count = (status: ModelJudgmentStatus) =>
        passageKeys.filter((key) => statuses.get(key) === status).length;
      return {
        pairs: options.pairs.length,
        judged: judgedPairs.length,
        cached: judgedPairs.filter((pair) => !sent.has(pair.key)).length,
        unsupported: count("unsupported"),
        failed: count("failed"),
        calls: options.before.calls + calls,
        promptTokens,
        completionTokens,
        cost: judgingCost({ promptTokens, completionTokens, prices: options.prices }),
      };
    },
  };
}

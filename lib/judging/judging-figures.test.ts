import { describe, expect, it } from "vitest";
import {
  emptyJudgingFigures,
  formatJudgingProgress,
  formatTokens,
  judgingCost,
  readJudgingFigures,
} from "@/lib/judging/judging-figures";

describe("judging figures", () => {
  it("prints progress as pairs, calls and tokens, with the cost when priced", () => {
    const figures = {
      ...emptyJudgingFigures(),
      pairs: 1020,
      judged: 412,
      calls: 430,
      promptTokens: 200_000,
      completionTokens: 10_400,
    };
    expect(formatJudgingProgress(figures)).toBe("412 of 1,020 pairs · 430 calls · 210k tokens");
    expect(formatJudgingProgress({ ...figures, cost: 0.42 })).toBe(
      "412 of 1,020 pairs · 430 calls · 210k tokens · $0.42",
    );
    expect(formatJudgingProgress({ ...emptyJudgingFigures(), pairs: 1, calls: 1 })).toBe(
      "0 of 1 pair · 1 call · 0 tokens",
    );
  });

  it("computes the cost per million tokens, null without prices", () => {
    expect(judgingCost({ promptTokens: 2_000_000, completionTokens: 1_000_000 })).toBeNull();
    expect(
      judgingCost({
        promptTokens: 2_000_000,
        completionTokens: 1_000_000,
        prices: { promptPerMillion: 0.15, completionPerMillion: 0.6 },
      }),
    ).toBeCloseTo(0.9);
    expect(judgingCost({ promptTokens: 1_000, completionTokens: 0, prices: { promptPerMillion: 2 } })).toBe(
      0.002,
    );
  });

  it("shortens token counts and reads unknown results as empty", () => {
    expect(formatTokens(999)).toBe("999");
    expect(formatTokens(3_400_000)).toBe("3.4M");
    expect(readJudgingFigures(null)).toEqual(emptyJudgingFigures());
  });
});

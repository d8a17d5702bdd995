import { describe, expect, it } from "vitest";
import { createJudgingTally } from "@/lib/judging/judging-tally";

describe("a judging job's tally", () => {
  it("counts judged, cached, unsupported and failed over the pool's pairs", () => {
    const tally = createJudgingTally({
      pairs: [
        { key: "q1|d1", passageKeys: ["a", "b"] },
        { key: "q1|d2", passageKeys: ["c"] },
        { key: "q2|d1", passageKeys: ["d"] },
      ],
      statuses: new Map([["a", "supported"]]),
      before: { calls: 3, promptTokens: 100, completionTokens: 10 },
      prices: { promptPerMillion: 1_000_000 },
    });
    tally.setStatus("b", "not_needed");
    tally.setStatus("c", "unsupported");
    tally.markSent("q1|d2");
    tally.setStatus("d", "failed");
    tally.markSent("q2|d1");
    tally.addTokens({ promptTokens: 50, completionTokens: 5 });
    expect(tally.figures(2)).toEqual({
      pairs: 3,
      judged: 2,
      cached: 1,
      unsupported: 1,
      failed: 1,
      calls: 5,
      promptTokens: 150,
      completionTokens: 15,
      cost: 150,
    });
    expect(tally.settled()).toBe(4);
  });
});

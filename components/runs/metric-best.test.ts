import { describe, expect, it } from "vitest";
import { bestMetricValues, formatMetric, isBest, type RunMetrics } from "./metric-best";

const metrics = (recall5: number, mrr: number): RunMetrics => ({
  recall: { "5": recall5 },
  mrr,
  evaluated: 10,
  excluded: 0,
});

describe("bestMetricValues", () => {
  it("finds the highest value per column, skipping runs without metrics", () => {
    const best = bestMetricValues([metrics(0.5, 0.41), null, metrics(0.7, 0.38)], [5, 10]);
    expect(best).toEqual({ recall: { "5": 0.7, "10": null }, mrr: 0.41 });
  });

  it("marks ties at display precision", () => {
    const best = bestMetricValues([metrics(0.70001, 0.3), metrics(0.69996, 0.2)], [5]);
    expect(isBest(0.70001, best.recall["5"] ?? null)).toBe(true);
    expect(isBest(0.69996, best.recall["5"] ?? null)).toBe(true);
  });

  it("marks nothing with a single run", () => {
    const best = bestMetricValues([metrics(0.5, 0.4)], [5]);
    expect(best.mrr).toBeNull();
    expect(isBest(0.4, best.mrr)).toBe(false);
  });
});

describe("formatMetric", () => {
  it("uses three decimals and a dash for missing values", () => {
    expect(formatMetric(0.5)).toBe("0.500");
    expect(formatMetric(undefined)).toBe("–");
    expect(formatMetric(Number.NaN)).toBe("–");
  });
});

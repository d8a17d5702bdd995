import { describe, expect, it } from "vitest";
import { runColor } from "@/components/runs/run-color";
import { BASELINE_DASH, seriesStyles } from "./series-styles";

describe("seriesStyles", () => {
  it("draws each run in its own colour, the baseline dashed and named so", () => {
    const styles = seriesStyles([
      { id: "b", name: "BM25", ordinal: 1, baseline: true },
      { id: "h", name: "Hybrid", ordinal: 4, baseline: false },
    ]);
    expect(styles).toEqual([
      { runId: "b", name: "BM25 (baseline)", color: runColor(1), dash: BASELINE_DASH, baseline: true },
      { runId: "h", name: "Hybrid", color: runColor(4), dash: undefined, baseline: false },
    ]);
  });

  it("dots a run whose colour an earlier run of the chart has (ordinals eight apart)", () => {
    const styles = seriesStyles([
      { id: "a", name: "A", ordinal: 2, baseline: false },
      { id: "b", name: "B", ordinal: 10, baseline: false },
    ]);
    expect(styles[0]?.color).toBe(styles[1]?.color);
    expect(styles[0]?.dash).toBeUndefined();
    expect(styles[1]?.dash).toBeDefined();
  });
});

import { describe, expect, it } from "vitest";
import { seriesColors } from "./recall-chart-data";
import { runColor, runStrokeDash } from "./run-color";

describe("runColor", () => {
  it("follows the run's ordinal, so adding runs never recolours the others", () => {
    expect(runColor(1)).toBe(seriesColors[0]);
    expect(runColor(2)).toBe(seriesColors[1]);
    expect(runColor(1 + seriesColors.length)).toBe(seriesColors[0]);
  });

  it("gives neighbouring runs different colours", () => {
    const colors = [1, 2, 3, 4, 5, 6, 7].map(runColor);
    expect(new Set(colors).size).toBe(7);
  });
});

describe("runStrokeDash", () => {
  it("tells apart runs that share a colour", () => {
    expect(runStrokeDash(1)).toBeUndefined();
    expect(runStrokeDash(8)).toBeUndefined();
    expect(runStrokeDash(9)).toBe("6 3");
    expect(runStrokeDash(17)).toBe("2 3");
    expect(runStrokeDash(25)).toBeUndefined();
    expect(runColor(9)).toBe(runColor(1));
  });
});

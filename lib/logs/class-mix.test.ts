import { describe, expect, it } from "vitest";
import { buildClassMix } from "./class-mix";

describe("buildClassMix", () => {
  it("splits class combinations into one row per class, with shares of all lines", () => {
    const mix = buildClassMix([
      { classes: "error-code,question", distinct: 2, lines: 6 },
      { classes: "question", distinct: 1, lines: 2 },
      { classes: "", distinct: 3, lines: 2 },
    ]);
    expect(mix.totalDistinct).toBe(6);
    expect(mix.totalLines).toBe(10);
    const row = (queryClass: string) => mix.rows.find((entry) => entry.queryClass === queryClass);
    expect(row("error-code")).toEqual({ queryClass: "error-code", distinct: 2, lines: 6, lineShare: 0.6 });
    expect(row("question")).toMatchObject({ distinct: 3, lines: 8, lineShare: 0.8 });
    expect(row("unclassified")).toMatchObject({ distinct: 3, lines: 2 });
    expect(row("typo")).toMatchObject({ distinct: 0, lines: 0, lineShare: 0 });
    expect(mix.rows[0]?.queryClass).toBe("error-code");
    expect(mix.rows.at(-1)?.queryClass).toBe("unclassified");
  });

  it("keeps classes it does not know, after the known ones", () => {
    const mix = buildClassMix([{ classes: "legacy-class", distinct: 1, lines: 1 }]);
    expect(mix.rows.at(-1)).toMatchObject({ queryClass: "legacy-class", distinct: 1 });
  });
});

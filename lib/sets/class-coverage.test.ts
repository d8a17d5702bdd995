import { describe, expect, it } from "vitest";
import { buildClassMix } from "@/lib/logs/class-mix";
import { buildClassCoverage } from "./class-coverage";

describe("buildClassCoverage", () => {
  const logMix = buildClassMix([
    { classes: "error-code", distinct: 10, lines: 40 },
    { classes: "question", distinct: 10, lines: 40 },
    { classes: "typo", distinct: 5, lines: 20 },
  ]);

  it("flags classes the log has and the set lacks, or has at less than half the log's share", () => {
    const coverage = buildClassCoverage({
      setClasses: [["question"], ["question"], ["question"], ["error-code"], []],
      logMix,
    });
    const row = (queryClass: string) => coverage.rows.find((entry) => entry.queryClass === queryClass);
    expect(row("question")).toMatchObject({
      setQueries: 3,
      setShare: 0.6,
      logShare: 0.4,
      underCovered: false,
    });
    expect(row("error-code")).toMatchObject({
      setQueries: 1,
      setShare: 0.2,
      logShare: 0.4,
      underCovered: false,
    });
    expect(row("typo")).toMatchObject({ setQueries: 0, underCovered: true });
    expect(row("unclassified")).toMatchObject({ setQueries: 1, logShare: 0, underCovered: false });
    expect(row("version")).toBeUndefined();
    expect(coverage).toMatchObject({ setTotal: 5, underCovered: 1 });
  });

  it("flags a class whose log share is more than twice its set share", () => {
    const coverage = buildClassCoverage({
      setClasses: [["error-code"], ["question"], ["question"], ["question"], ["question"], ["question"]],
      logMix,
    });
    expect(coverage.rows.find((entry) => entry.queryClass === "error-code")?.underCovered).toBe(true);
  });
});

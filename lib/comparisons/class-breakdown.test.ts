import { describe, expect, it } from "vitest";
import { breakDownByClassAndTag } from "./class-breakdown";

const values = (rows: Record<string, Record<string, number>>) => new Map(Object.entries(rows));

describe("breakDownByClassAndTag", () => {
  const queries = [
    { id: "q1", classes: ["error-code"], tags: ["hard"] },
    { id: "q2", classes: ["error-code", "very-short"], tags: [] },
    { id: "q3", classes: ["question"], tags: ["hard", "hard"] },
    { id: "q4", classes: [], tags: [] },
    { id: "q5", classes: ["question"], tags: [] },
  ];
  const baseline = values({
    q1: { mrr: 1 },
    q2: { mrr: 0.5 },
    q3: { mrr: 0 },
    q4: { mrr: 1 },
    q5: { mrr: 0.25 },
  });
  const hybrid = values({
    q1: { mrr: 1 },
    q2: { mrr: 1 },
    q3: { mrr: 0.5 },
    q4: { mrr: 0 },
    q5: { mrr: 0.25 },
  });

  it("averages each run per class and per tag over the compared queries, with counts", () => {
    const groups = breakDownByClassAndTag({
      queries,
      queryIds: ["q1", "q2", "q3", "q4"],
      runs: [
        { id: "base", values: baseline },
        { id: "hybrid", values: hybrid },
      ],
      measures: ["mrr"],
    });
    expect(groups.map((group) => [group.kind, group.name, group.queries])).toEqual([
      ["class", "error-code", 2],
      ["class", "question", 1],
      ["class", "unclassified", 1],
      ["class", "very-short", 1],
      ["tag", "hard", 2],
    ]);
    expect(groups[0]?.means).toEqual({ base: { mrr: 0.75 }, hybrid: { mrr: 1 } });
    expect(groups.find((group) => group.name === "hard")?.means).toEqual({
      base: { mrr: 0.5 },
      hybrid: { mrr: 0.75 },
    });
  });
});

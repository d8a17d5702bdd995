import { describe, expect, it } from "vitest";
import { planAssignments } from "@/lib/labeling/plan-assignments";

const queries = (count: number) => Array.from({ length: count }, (_, index) => `q${index + 1}`);

function loads(plan: { userId: string }[]) {
  const counts: Record<string, number> = {};
  for (const { userId } of plan) counts[userId] = (counts[userId] ?? 0) + 1;
  return counts;
}

describe("planAssignments", () => {
  it("deals queries round-robin with no overlap", () => {
    const plan = planAssignments({ queryIds: queries(5), annotatorIds: ["a", "b"], overlapPercent: 0 });
    expect(plan).toEqual([
      { queryId: "q1", userId: "a" },
      { queryId: "q2", userId: "b" },
      { queryId: "q3", userId: "a" },
      { queryId: "q4", userId: "b" },
      { queryId: "q5", userId: "a" },
    ]);
  });

  it("gives the overlap share two distinct annotators, spread through the set, loads balanced", () => {
    const plan = planAssignments({
      queryIds: queries(10),
      annotatorIds: ["a", "b", "c"],
      overlapPercent: 20,
    });
    const perQuery = new Map<string, string[]>();
    for (const { queryId, userId } of plan) perQuery.set(queryId, [...(perQuery.get(queryId) ?? []), userId]);
    const doubled = [...perQuery].filter(([, users]) => users.length === 2);
    expect(doubled.map(([queryId]) => queryId)).toEqual(["q5", "q10"]);
    for (const [, users] of doubled) expect(new Set(users).size).toBe(2);
    expect(perQuery.size).toBe(10);
    expect(plan).toHaveLength(12);
    expect(Object.values(loads(plan)).sort()).toEqual([4, 4, 4]);
  });

  it("rounds the overlap to the nearest query and counts queries already assigned", () => {
    const plan = planAssignments({
      queryIds: queries(3),
      annotatorIds: ["a", "b"],
      overlapPercent: 50,
      existing: new Map([["a", 5]]),
    });
    expect(plan).toHaveLength(5); // round(1.5) = 2 queries doubled
    expect(loads(plan)).toEqual({ a: 2, b: 3 });
  });

  it("refuses overlap with a single annotator and an empty choice", () => {
    expect(() => planAssignments({ queryIds: queries(4), annotatorIds: ["a"], overlapPercent: 25 })).toThrow(
      /at least two annotators/,
    );
    expect(planAssignments({ queryIds: queries(4), annotatorIds: ["a"], overlapPercent: 0 })).toHaveLength(4);
    expect(() => planAssignments({ queryIds: queries(1), annotatorIds: [], overlapPercent: 0 })).toThrow(
      /at least one annotator/,
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  countQueriesLabeledBy,
  countSetQueries,
  describeRelevantCount,
  hasRelevantLabel,
} from "@/lib/sets/query-counts";

const label = (document: string, grade: number, annotator: string | null, adjudicated = false) => ({
  document,
  grade,
  annotator,
  adjudicated,
});

describe("countSetQueries", () => {
  it("counts statuses, labeled, done and queries with relevant labels, each query once", () => {
    const counts = countSetQueries({
      queries: [
        { status: "labeled", labels: [label("d1", 2, "ana"), label("d2", 3, "ana")] },
        { status: "labeled", labels: [label("d1", 0, "ana")] }, // labeled, nothing relevant
        { status: "no_answer", labels: [] },
        { status: "in_progress", labels: [label("d1", 1, "bo")] }, // relevant before it is done
        { status: "unlabeled", labels: [] },
        { status: "skipped", labels: [] },
        { status: "bogus", labels: [] }, // an unknown status counts in total only
      ],
      policy: "any",
      relevantThreshold: 1,
    });
    expect(counts).toEqual({
      total: 7,
      byStatus: { unlabeled: 1, in_progress: 1, labeled: 2, skipped: 1, no_answer: 1 },
      labeled: 2,
      done: 3,
      withRelevantLabels: 2,
    });
  });

  it("counts relevance as the judgment policy and adjudication count grades, as evaluation does", () => {
    const split = [label("d1", 2, "ana"), label("d1", 0, "bo"), label("d1", 0, "cy")];
    const queries = [
      { status: "labeled", labels: split },
      { status: "labeled", labels: [label("d1", 0, "ana"), label("d1", 2, null, true)] },
    ];
    expect(countSetQueries({ queries, policy: "any", relevantThreshold: 1 }).withRelevantLabels).toBe(2);
    // one of three annotators says relevant: no majority; the adjudicated grade decides the other
    expect(countSetQueries({ queries, policy: "majority", relevantThreshold: 1 }).withRelevantLabels).toBe(1);
    expect(
      hasRelevantLabel({
        labels: [label("d1", 3, "ana"), label("d1", 0, null, true)],
        policy: "any",
        relevantThreshold: 1,
      }),
    ).toBe(false);
  });

  it("answers zeros for an empty set", () => {
    expect(countSetQueries({ queries: [], policy: "any", relevantThreshold: 1 })).toMatchObject({
      total: 0,
      labeled: 0,
      done: 0,
      withRelevantLabels: 0,
    });
  });
});

describe("countQueriesLabeledBy", () => {
  it("counts distinct queries per annotator, imported labels under null", () => {
    const counts = countQueriesLabeledBy([
      { queryId: "q1", annotatorId: "ana" },
      { queryId: "q1", annotatorId: "ana" },
      { queryId: "q2", annotatorId: "ana" },
      { queryId: "q1", annotatorId: "bo" },
      { queryId: "q3", annotatorId: null },
    ]);
    expect([...counts]).toEqual([
      ["ana", 2],
      ["bo", 1],
      [null, 1],
    ]);
  });
});

describe("describeRelevantCount", () => {
  it("says what the number is and what the goal is, with separators and the right noun", () => {
    expect(describeRelevantCount(72)).toBe("72 queries with relevant labels · goal 30");
    expect(describeRelevantCount(1)).toBe("1 query with relevant labels · goal 30");
    expect(describeRelevantCount(1405)).toBe("1,405 queries with relevant labels · goal 30");
  });
});

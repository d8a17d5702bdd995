import { describe, expect, it } from "vitest";
import { groupRunList, type RunRowView, type SweepHeaderView } from "./run-list-rows";

function run(
  id: string,
  createdAt: string,
  recall5: number | null,
  extra: Partial<RunRowView> = {},
): RunRowView {
  return {
    id,
    name: id,
    setId: "s",
    setName: "Set",
    setVersion: 2,
    retrieverKind: "bm25",
    status: recall5 === null ? "failed" : "succeeded",
    tags: [],
    archived: false,
    isBaseline: false,
    color: "#000",
    metrics:
      recall5 === null
        ? null
        : {
            recall: { "5": recall5 },
            mrr: recall5 / 2,
            ndcg: { "10": recall5 / 3 },
            evaluated: 40,
            excluded: 0,
          },
    createdAt,
    ...extra,
  };
}

const sweep: SweepHeaderView = {
  id: "sw",
  name: "size sweep",
  axes: "chunking.size",
  status: "succeeded",
  pointCount: 4,
  createdAt: "2026-12-01T10:00:00.000Z",
};

describe("groupRunList", () => {
  const runs = new Map(
    [
      run("a", "2026-12-01T12:00:00.000Z", 0.5),
      run("p1", "2026-12-01T10:01:00.000Z", 0.4),
      run("p2", "2026-12-01T10:02:00.000Z", 0.7, { retrieverKind: "hybrid" }),
      run("p3", "2026-12-01T10:03:00.000Z", null),
      run("b", "2026-12-01T09:00:00.000Z", 0.2),
    ].map((entry) => [entry.id, entry]),
  );

  it("keeps the list's order and folds a sweep's matching points under one row", () => {
    const items = groupRunList({
      entries: [
        { kind: "run", runId: "a" },
        { kind: "sweep", sweepId: "sw", runIds: ["p1", "p3", "p2"] },
        { kind: "run", runId: "b" },
      ],
      runs,
      sweeps: new Map([["sw", sweep]]),
      ks: [5],
    });
    expect(items.map((item) => (item.kind === "run" ? item.run.id : item.sweep.id))).toEqual([
      "a",
      "sw",
      "b",
    ]);
    const folded = items[1];
    if (folded?.kind !== "sweep") throw new Error("expected the sweep");
    expect(folded.points.map((point) => point.id)).toEqual(["p3", "p2", "p1"]); // newest first
    expect(folded.best).toEqual({ recall: { "5": 0.7 }, mrr: 0.35, ndcg10: 0.7 / 3 });
    expect(folded.failed).toBe(1);
    expect(folded.evaluated).toBe(40);
    expect(folded.setVersion).toBe(2);
    expect(folded.retrieverKind).toBe("several");
  });

  it("counts a sweep's queries as its points' smallest evaluated count, none before any has metrics", () => {
    const withCounts = new Map([
      ["q1", run("q1", "2026-12-01T10:01:00.000Z", 0.4)],
      [
        "q2",
        run("q2", "2026-12-01T10:02:00.000Z", 0.5, {
          metrics: { recall: { "5": 0.5 }, mrr: 0.2, evaluated: 38, excluded: 2 },
        }),
      ],
      ["q3", run("q3", "2026-12-01T10:03:00.000Z", null, { status: "running" })],
    ]);
    const [finished] = groupRunList({
      entries: [{ kind: "sweep", sweepId: "sw", runIds: ["q1", "q2", "q3"] }],
      runs: withCounts,
      sweeps: new Map([["sw", sweep]]),
      ks: [5],
    });
    const [unfinished] = groupRunList({
      entries: [{ kind: "sweep", sweepId: "sw", runIds: ["q3"] }],
      runs: withCounts,
      sweeps: new Map([["sw", sweep]]),
      ks: [5],
    });
    expect(finished?.kind === "sweep" && finished.evaluated).toBe(38);
    expect(unfinished?.kind === "sweep" && unfinished.evaluated).toBe(null);
  });

  it("leaves out entries whose run or sweep is gone, and a sweep with no point left", () => {
    const items = groupRunList({
      entries: [
        { kind: "run", runId: "deleted" },
        { kind: "sweep", sweepId: "sw", runIds: ["deleted"] },
        { kind: "sweep", sweepId: "unknown", runIds: ["p1"] },
      ],
      runs,
      sweeps: new Map([["sw", sweep]]),
      ks: [5],
    });
    expect(items).toEqual([]);
  });
});

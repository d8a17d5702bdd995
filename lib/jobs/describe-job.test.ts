import { describe, expect, it } from "vitest";
import { describeJob } from "./describe-job";

const set = { id: "set1", name: "Help center" };

describe("describeJob", () => {
  it("names a sweep point's job by its values, with its set and its sweep, each with a link", () => {
    const described = describeJob({
      kind: "evaluate-run",
      payload: { runId: "run1" },
      run: {
        id: "run1",
        name: "Size sweep · chunking.size=400 v1",
        set,
        sweep: { id: "sw1", name: "Size sweep" },
      },
      sweep: null,
    });
    expect(described).toEqual({
      kind: "Evaluation run",
      subject: { label: "chunking.size=400 v1", href: "/runs/run1" },
      context: [
        { label: "Help center", href: "/sets/set1/runs" },
        { label: "sweep Size sweep", href: "/sweeps/sw1" },
      ],
    });
  });

  it("names a single run without a sweep", () => {
    const described = describeJob({
      kind: "evaluate-run",
      payload: { runId: "run2" },
      run: { id: "run2", name: "BM25 baseline v1", set, sweep: null },
      sweep: null,
    });
    expect(described.subject).toEqual({ label: "BM25 baseline v1", href: "/runs/run2" });
    expect(described.context).toEqual([{ label: "Help center", href: "/sets/set1/runs" }]);
  });

  it("names an earlier version's sweep job by its sweep", () => {
    const described = describeJob({
      kind: "evaluate-sweep",
      payload: { sweepId: "sw1" },
      run: null,
      sweep: { id: "sw1", name: "Size sweep", set },
    });
    expect(described.kind).toBe("Sweep");
    expect(described.subject).toEqual({ label: "Size sweep", href: "/sweeps/sw1" });
  });

  it("still links a run deleted since by the payload's id", () => {
    const described = describeJob({
      kind: "evaluate-run",
      payload: { runId: "gone" },
      run: null,
      sweep: null,
    });
    expect(described.subject).toEqual({ label: "Open run", href: "/runs/gone" });
  });

  it("names an import by what it imports and its file, without links", () => {
    expect(
      describeJob({
        kind: "import-corpus",
        payload: { corpusName: "Docs", fileName: "docs.jsonl" },
        run: null,
        sweep: null,
      }),
    ).toEqual({ kind: "Corpus import", subject: { label: "Docs" }, context: [{ label: "docs.jsonl" }] });
    expect(
      describeJob({ kind: "import-log", payload: { fileName: "log.csv" }, run: null, sweep: null }),
    ).toEqual({
      kind: "Log import",
      subject: { label: "log.csv" },
      context: [],
    });
  });

  it("names a judging job by its judge and version, with its set", () => {
    const described = describeJob({
      kind: "judge",
      payload: { setId: "set1", judgeId: "j1" },
      run: null,
      sweep: null,
      judging: { judge: { name: "gpt-4o-mini", version: 2 }, set },
    });
    expect(described).toEqual({
      kind: "Judging",
      subject: { label: "gpt-4o-mini v2" },
      context: [{ label: "Help center", href: "/sets/set1" }],
    });
  });
});

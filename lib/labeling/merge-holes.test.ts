import { describe, expect, it } from "vitest";
import type { Hole, RunHoleSummary } from "@/lib/labeling/list-holes";
import { mergeHoles, SAME_TEXT_IOU } from "@/lib/labeling/merge-holes";

// Two chunkings of one document: "a" cuts every 50 characters, "b" every 80 and mid-word.
const TEXT =
  "Hold the reset button for ten seconds until the light blinks. " +
  "The router then restarts with its factory settings and a new password. " +
  "Write the password down before you close the page.";

const hole = (runId: string, rank: number, start: number, end: number, extra: Partial<Hole> = {}): Hole => ({
  queryId: "q1",
  documentId: "d1",
  start,
  end,
  wholeDocument: false,
  runs: [{ runId, rank }],
  ...extra,
});

const summary = (runId: string, holes: number): RunHoleSummary => ({ runId, queries: 1, judged: 0.5, holes });
const textOf = (documentId: string) => (documentId === "d1" ? TEXT : undefined);

describe("mergeHoles", () => {
  it("shows the same text retrieved by two chunkings once, with both runs, on word edges", () => {
    const second = TEXT.indexOf("The router");
    const { holes, runs } = mergeHoles({
      holes: [
        hole("run-a", 1, second + 4, second + 60), // "router then … a n"
        hole("run-b", 2, second + 2, second + 66),
        hole("run-a", 3, 0, 19), // "Hold the reset butt"
      ],
      textOf,
      runs: [summary("run-a", 2), summary("run-b", 1)],
    });
    expect(holes).toHaveLength(2);
    const merged = holes[0]!;
    expect(merged.runs).toEqual([
      { runId: "run-a", rank: 1 },
      { runId: "run-b", rank: 2 },
    ]);
    // the union of both snapped spans: over 80% of the sentence, so the sentence whole
    expect(TEXT.slice(merged.start, merged.end)).toBe(
      "The router then restarts with its factory settings and a new password.",
    );
    expect(TEXT.slice(holes[1]!.start, holes[1]!.end)).toBe("Hold the reset button");
    // each run counts the merged holes it retrieved
    expect(runs.map((run) => [run.runId, run.holes])).toEqual([
      ["run-a", 2],
      ["run-b", 1],
    ]);
  });

  it(`keeps apart neighbouring chunks and a short chunk inside a long one (IoU < ${SAME_TEXT_IOU})`, () => {
    const { holes } = mergeHoles({
      holes: [hole("run-a", 1, 0, 60), hole("run-a", 2, 40, 100), hole("run-b", 1, 10, 25)],
      textOf,
      runs: [],
    });
    expect(holes).toHaveLength(3);
  });

  it("merges only holes of the same query and document, and whole documents with each other", () => {
    const { holes } = mergeHoles({
      holes: [
        hole("run-a", 1, 0, 60),
        hole("run-a", 1, 0, 60, { queryId: "q2" }),
        hole("run-a", 2, 0, 60, { documentId: "d2" }),
        hole("run-doc", 1, 0, 60, { wholeDocument: true }),
        hole("run-doc2", 3, 100, 160, { wholeDocument: true }),
      ],
      textOf,
      runs: [],
    });
    expect(holes.map((entry) => `${entry.queryId}|${entry.documentId}|${entry.wholeDocument}`)).toEqual([
      "q1|d1|false",
      "q2|d1|false",
      "q1|d2|false",
      "q1|d1|true",
    ]);
    expect(holes[3]!.runs.map((entry) => entry.runId)).toEqual(["run-doc", "run-doc2"]);
    // a document without text keeps its raw span
    expect(holes[2]).toMatchObject({ start: 0, end: 60 });
  });

  it("keeps two holes apart when one label on their union would not judge both chunks whole", () => {
    const sentence = "The router then restarts with its factory settings and a new password.";
    const at = TEXT.indexOf(sentence);
    // "router … password. ": its trailing space cannot be in a saved label, so its span lies inside it
    const spaced = hole("run-a", 1, at + 4, at + sentence.length + 1);
    const { holes } = mergeHoles({ holes: [spaced, hole("run-b", 2, at, at + 41)], textOf, runs: [] });
    expect(holes.map((entry) => TEXT.slice(entry.start, entry.end))).toEqual([
      "router then restarts with its factory settings and a new password.",
      "The router then restarts with its factory",
    ]);
  });

  it("lists a run once at its best rank when two of its chunks merge", () => {
    const { holes } = mergeHoles({
      holes: [hole("run-a", 2, 0, 60), hole("run-a", 5, 0, 62), hole("run-b", 1, 2, 60)],
      textOf,
      runs: [],
    });
    expect(holes).toHaveLength(1);
    expect(holes[0]!.runs).toEqual([
      { runId: "run-b", rank: 1 },
      { runId: "run-a", rank: 2 },
    ]);
  });
});

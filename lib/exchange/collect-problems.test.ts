import { describe, expect, it } from "vitest";
import { collectProblems, describeProblems } from "./collect-problems";

describe("collectProblems", () => {
  it("lists problems by file (the main file first), then line, whatever the order they were found in", () => {
    const problems = collectProblems({ files: ["topics.tsv"] });
    problems.add({ line: 7, message: "unknown document" });
    problems.add({ file: "topics.tsv", line: 1, message: "no tab" });
    problems.add({ line: 2, message: "malformed" });
    problems.add({ line: 7, message: "grade off the scale" });
    problems.add({ message: "whole file" });
    expect(
      problems.listed().map((problem) => [problem.file ?? "", problem.line ?? 0, problem.message]),
    ).toEqual([
      ["", 0, "whole file"],
      ["", 2, "malformed"],
      ["", 7, "unknown document"],
      ["", 7, "grade off the scale"],
      ["topics.tsv", 1, "no tab"],
    ]);
    expect(problems.total).toBe(5);
  });

  it("keeps the first problems by line up to the cap, counting the rest", () => {
    const problems = collectProblems({ cap: 3 });
    for (const line of [9, 8, 7, 6, 5, 1, 4]) problems.add({ line, message: `line ${line}` });
    expect(problems.listed().map((problem) => problem.line)).toEqual([1, 4, 5]);
    expect(problems.summary().total).toBe(7);
  });
});

describe("describeProblems", () => {
  it("names files and lines, and says how many were left out", () => {
    const listed = [
      { line: 3, message: "bad" },
      { file: "q.tsv", message: "empty" },
    ];
    expect(describeProblems({ listed, total: 2 }, "qrels")).toBe(
      "Nothing imported — 2 problems:\n  qrels line 3: bad\n  q.tsv: empty",
    );
    expect(describeProblems({ listed, total: 1_202 }, "qrels")).toBe(
      "Nothing imported — 1,202 problems:\n  qrels line 3: bad\n  q.tsv: empty\n  … and 1,200 more",
    );
  });
});

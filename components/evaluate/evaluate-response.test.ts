import { describe, expect, it } from "vitest";
import { readEvaluateResponse, textFieldsOf } from "./evaluate-response";

const context = { retrieverKind: "bm25", axisSlots: [] };

describe("readEvaluateResponse", () => {
  it("goes to the queued run, or to the sweep with its skipped points", () => {
    expect(readEvaluateResponse(201, { runId: "r1", jobId: "j1" }, context)).toEqual({
      kind: "queued",
      target: "/runs/r1",
    });
    expect(readEvaluateResponse(201, { sweepId: "s1", skipped: 2 }, context)).toEqual({
      kind: "queued",
      target: "/sweeps/s1?skipped=2",
    });
    expect(readEvaluateResponse(201, { sweepId: "s1", skipped: 0 }, context)).toEqual({
      kind: "queued",
      target: "/sweeps/s1",
    });
  });

  it("says why a run was refused, with the run file's line and the issues beside inputs", () => {
    expect(
      readEvaluateResponse(
        400,
        { error: "Not a TREC line", code: "bad_request", location: { line: 2 } },
        context,
      ),
    ).toEqual({ kind: "refused", message: "Not a TREC line (line 2)", issues: [] });
    const refused = readEvaluateResponse(
      400,
      { error: "chunking.size: Too small", location: { path: "chunking.size" } },
      context,
    );
    expect(refused).toEqual({
      kind: "refused",
      message: "chunking.size: Too small",
      issues: [{ field: "chunkSize", path: "chunking.size", message: "Too small" }],
    });
    expect(readEvaluateResponse(502, null, context)).toEqual({
      kind: "refused",
      message: "The server answered 502; try again.",
      issues: [],
    });
    // a 2xx without an id is not a success the form can follow
    expect(readEvaluateResponse(200, {}, context).kind).toBe("refused");
  });
});

describe("textFieldsOf", () => {
  it("keeps the text fields and leaves a file out", () => {
    const data = new FormData();
    data.set("name", "a run");
    data.set("file", new File(["x"], "run.trec"));
    expect(textFieldsOf(data)).toEqual({ name: "a run" });
  });
});

import { describe, expect, it } from "vitest";
import { judgedSpan, MAX_JUDGED_CHARS } from "@/lib/judging/judge-passage";

describe("the span a judge reads", () => {
  it("is the chunk, clamped to the text, or a whole document's opening up to the limit", () => {
    expect(judgedSpan({ textLength: 500, start: 100, end: 300, wholeDocument: false })).toEqual({
      start: 100,
      end: 300,
    });
    expect(judgedSpan({ textLength: 200, start: 100, end: 300, wholeDocument: false })).toEqual({
      start: 100,
      end: 200,
    });
    expect(judgedSpan({ textLength: 500, start: 100, end: 300, wholeDocument: true })).toEqual({
      start: 0,
      end: 500,
    });
    expect(judgedSpan({ textLength: 50_000, start: 0, end: 50_000, wholeDocument: true })).toEqual({
      start: 0,
      end: MAX_JUDGED_CHARS,
    });
    expect(judgedSpan({ textLength: 50_000, start: 10, end: 40_000, wholeDocument: false }).end).toBe(
      10 + MAX_JUDGED_CHARS,
    );
  });
});

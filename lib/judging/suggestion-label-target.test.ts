import { describe, expect, it } from "vitest";
import { suggestionLabelTarget } from "@/lib/judging/suggestion-label-target";

const text = "Intro line. To reset your password, open Settings and choose Reset. Other text.";
const passage = { start: 12, end: 68 };

describe("suggestionLabelTarget", () => {
  it("labels the judge's quote where it is found in the passage", () => {
    const target = suggestionLabelTarget(
      {
        status: "supported",
        grade: 2,
        quote: "open Settings and choose Reset",
        ...passage,
        wholeDocument: false,
      },
      text,
    );
    expect(target).toEqual({ kind: "quote", grade: 2, start: 36, end: 66 });
    if (target.kind === "quote")
      expect(text.slice(target.start, target.end)).toBe("open Settings and choose Reset");
  });

  it("finds the quote ignoring case and spacing, as the judgment was checked", () => {
    const target = suggestionLabelTarget(
      {
        status: "supported",
        grade: 3,
        quote: "OPEN  settings and choose reset",
        ...passage,
        wholeDocument: false,
      },
      text,
    );
    expect(target).toMatchObject({ kind: "quote", start: 36, end: 66 });
  });

  it("labels the passage for grade 0, its edges trimmed", () => {
    const target = suggestionLabelTarget(
      { status: "not_needed", grade: 0, quote: "", start: 11, end: 68, wholeDocument: false },
      text,
    );
    expect(target).toEqual({ kind: "quote", grade: 0, start: 12, end: 67 });
  });

  it("labels the whole document for grade 0 on a document-level judgment", () => {
    expect(
      suggestionLabelTarget(
        { status: "not_needed", grade: 0, quote: "", start: 0, end: text.length, wholeDocument: true },
        text,
      ),
    ).toEqual({ kind: "document", grade: 0 });
  });

  it("refuses an unsupported or failed answer", () => {
    const unsupported = suggestionLabelTarget(
      { status: "unsupported", grade: 3, quote: "made up", ...passage, wholeDocument: false },
      text,
    );
    expect(unsupported.kind).toBe("refused");
    const failed = suggestionLabelTarget(
      { status: "failed", grade: null, quote: "", ...passage, wholeDocument: false },
      text,
    );
    expect(failed).toMatchObject({ kind: "refused", refusal: expect.stringContaining("no usable answer") });
  });

  it("refuses a quote that lies outside the judged passage", () => {
    const target = suggestionLabelTarget(
      { status: "supported", grade: 2, quote: "Intro line", ...passage, wholeDocument: false },
      text,
    );
    expect(target.kind).toBe("refused");
  });
});

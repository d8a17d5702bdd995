import { describe, expect, it } from "vitest";
import { splitSentences } from "@/lib/text/split-sentences";
import { type SentenceMove, stepSentenceSelection } from "./step-sentence-selection";

//            0         1         2         3         4         5
//            0123456789012345678901234567890123456789012345678901234
const text = "One is here. Two is there. Three is far. Four ends.";
const sentences = splitSentences({ text, lineBreaks: "end" });
const [one, two, three, four] = sentences;

function step(
  move: SentenceMove,
  selection: { start: number; end: number } | null,
  anchor: number | null = null,
) {
  return stepSentenceSelection({ sentences, selection, anchor, move });
}
const quote = (span: { start: number; end: number } | null) =>
  span ? text.slice(span.start, span.end) : null;

describe("stepSentenceSelection", () => {
  it("selects the sentence at the anchor when nothing is selected, whatever the move", () => {
    expect(quote(step("next", null))).toBe("One is here.");
    expect(quote(step("extend-end", null, 15))).toBe("Two is there.");
    expect(quote(step("previous", null, 12))).toBe("Two is there."); // the space after "here."
    expect(quote(step("shrink-start", null, 500))).toBe("Four ends.");
  });

  it("moves a one-sentence selection to the next and previous sentence, and stops at the ends", () => {
    expect(step("next", one!)).toEqual(two);
    expect(step("previous", three!)).toEqual(two);
    expect(step("next", four!)).toBeNull();
    expect(step("previous", one!)).toBeNull();
  });

  it("moves from a partial (mouse-made) selection to the sentence after or before it", () => {
    const words = { start: 17, end: 22 }; // "is th"
    expect(quote(step("next", words))).toBe("Three is far.");
    expect(quote(step("previous", words))).toBe("One is here.");
  });

  it("extends and shrinks the end by one sentence at a time", () => {
    const both = step("extend-end", two!);
    expect(quote(both)).toBe("Two is there. Three is far.");
    expect(quote(step("extend-end", both))).toBe("Two is there. Three is far. Four ends.");
    expect(step("shrink-end", both)).toEqual(two);
    expect(step("shrink-end", two!)).toBeNull();
    expect(step("extend-end", four!)).toBeNull();
    expect(quote(step("extend-end", { start: 13, end: 16 }))).toBe("Two is there."); // to its sentence's end
  });

  it("extends the start backwards and shrinks it forwards", () => {
    const both = step("extend-start", three!);
    expect(quote(both)).toBe("Two is there. Three is far.");
    expect(step("shrink-start", both)).toEqual(three);
    expect(step("shrink-start", three!)).toBeNull();
    expect(step("extend-start", one!)).toBeNull();
  });

  it("does nothing in a text without sentences", () => {
    expect(stepSentenceSelection({ sentences: [], selection: null, anchor: 0, move: "next" })).toBeNull();
  });
});

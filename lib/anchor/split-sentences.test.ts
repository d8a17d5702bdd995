import { describe, expect, it } from "vitest";
import { splitSentences } from "./split-sentences";

const sentencesOf = (text: string) => splitSentences(text).map((span) => text.slice(span.start, span.end));

describe("splitSentences", () => {
  it("splits after terminal punctuation followed by whitespace, trimming the spans", () => {
    const text = "  Hold the button. Wait ten seconds!  Did it blink? Done";
    expect(sentencesOf(text)).toEqual(["Hold the button.", "Wait ten seconds!", "Did it blink?", "Done"]);
    const spans = splitSentences(text);
    expect(spans[0]).toEqual({ start: 2, end: 18 });
  });

  it("keeps closing quotes and brackets with their sentence, and runs of punctuation together", () => {
    expect(sentencesOf('He said "stop." Then left (quickly.) Really?! Yes…  Ok.')).toEqual([
      'He said "stop."',
      "Then left (quickly.)",
      "Really?!",
      "Yes…",
      "Ok.",
    ]);
  });

  it("does not split decimals, domains, abbreviations or et al.", () => {
    expect(
      sentencesOf("Set it to 3.5 volts, e.g. on example.com. Smith et al. found it. See Fig. 2 for details."),
    ).toEqual([
      "Set it to 3.5 volts, e.g. on example.com.",
      "Smith et al. found it.",
      "See Fig. 2 for details.",
    ]);
  });

  it("ends a sentence at a blank line and at a line break unless the line merely wraps", () => {
    const text =
      "Overview\nStep 1: unplug it\nStep 2: hold reset for ten\nseconds and wait.\n\nnext paragraph here";
    expect(sentencesOf(text)).toEqual([
      "Overview",
      "Step 1: unplug it",
      "Step 2: hold reset for ten\nseconds and wait.",
      "next paragraph here",
    ]);
  });

  it("answers no spans for empty or blank text, and one span for text without punctuation", () => {
    expect(splitSentences("")).toEqual([]);
    expect(splitSentences(" \n\n ")).toEqual([]);
    expect(splitSentences("no punctuation at all")).toEqual([{ start: 0, end: 21 }]);
  });

  it("splits CJK full stops without a following space", () => {
    expect(sentencesOf("重启路由器。等待十秒。")).toEqual(["重启路由器。", "等待十秒。"]);
  });

  it("returns sorted, disjoint, non-empty spans covering every non-space character", () => {
    const text = "A b. C d! E?\nF g\n\nH. i j k. L";
    const spans = splitSentences(text);
    for (const [index, span] of spans.entries()) {
      expect(span.start).toBeLessThan(span.end);
      if (index > 0) expect(span.start).toBeGreaterThanOrEqual(spans[index - 1]!.end);
    }
    const covered = spans.map((span) => text.slice(span.start, span.end)).join("");
    expect(covered.replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
  });
});

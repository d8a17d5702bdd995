import { describe, expect, it } from "vitest";
import { checkJudgeEvidence } from "@/lib/judging/check-judge-evidence";

const intro = "Ocean tides. An introduction for students.\n\n";
const passage =
  "Tides are caused mainly by the gravitational pull of the Moon on the oceans. The Sun adds a smaller pull,\n" +
  "  which is why spring tides are higher than neap tides.";
const outro = "\n\nSee also: waves, currents.";
const text = intro + passage + outro;
const span = { start: intro.length, end: intro.length + passage.length };

function supported(quote: string, grade = 3) {
  const evidence = checkJudgeEvidence({ text, passage: span, grade, quote });
  if (evidence.status !== "supported") throw new Error(`expected supported, got ${JSON.stringify(evidence)}`);
  return evidence;
}

describe("checkJudgeEvidence", () => {
  it("finds an exact quote and returns document offsets with a real selector", () => {
    const quote = "gravitational pull of the Moon";
    const evidence = supported(quote);
    expect(evidence.match).toBe("exact");
    expect(evidence.start).toBe(text.indexOf(quote));
    expect(evidence.end).toBe(text.indexOf(quote) + quote.length);
    expect(text.slice(evidence.start, evidence.end)).toBe(quote);
    expect(evidence.selector).toEqual({
      exact: quote,
      prefix: text.slice(evidence.start - 32, evidence.start),
      suffix: text.slice(evidence.end, evidence.end + 32),
      start: evidence.start,
      end: evidence.end,
    });
  });

  it("finds a quote that differs in case and whitespace, and trims the model's padding", () => {
    const evidence = supported("  the sun adds a smaller pull, which is why SPRING tides ");
    expect(evidence.match).toBe("normalized");
    expect(text.slice(evidence.start, evidence.end)).toBe(
      "The Sun adds a smaller pull,\n  which is why spring tides",
    );
  });

  it("finds a quote with one typo fuzzily", () => {
    const evidence = supported("caused mainly by the gravitatonal pull");
    expect(evidence.match).toBe("fuzzy");
    expect(text.slice(evidence.start, evidence.end)).toBe("caused mainly by the gravitational pull");
    expect(evidence.selector.exact).toBe("caused mainly by the gravitational pull");
  });

  it("calls a made-up quote unsupported and keeps it as written", () => {
    const quote = "tides are caused by the wind blowing over the sea";
    expect(checkJudgeEvidence({ text, passage: span, grade: 2, quote })).toEqual({
      status: "unsupported",
      rawQuote: quote,
    });
  });

  it("does not accept a quote found only outside the passage", () => {
    expect(
      checkJudgeEvidence({ text, passage: span, grade: 2, quote: "An introduction for students" }),
    ).toEqual({
      status: "unsupported",
      rawQuote: "An introduction for students",
    });
    // Without a passage the whole document is the judged text.
    expect(checkJudgeEvidence({ text, grade: 2, quote: "An introduction for students" }).status).toBe(
      "supported",
    );
  });

  it("calls a missing quote unsupported for a positive grade", () => {
    expect(checkJudgeEvidence({ text, passage: span, grade: 1, quote: "" })).toEqual({
      status: "unsupported",
      rawQuote: "",
    });
    expect(checkJudgeEvidence({ text, passage: span, grade: 1, quote: "  \n " }).status).toBe("unsupported");
  });

  it("needs no quote for grade 0, even a made-up one", () => {
    expect(checkJudgeEvidence({ text, passage: span, grade: 0, quote: "" })).toEqual({
      status: "not_needed",
    });
    expect(checkJudgeEvidence({ text, passage: span, grade: 0, quote: "nowhere to be found" })).toEqual({
      status: "not_needed",
    });
  });

  it("refuses fuzzy matches past the labels' edit rate and on short quotes", () => {
    // Two edits in 19 characters is over 10% (one is allowed).
    expect(checkJudgeEvidence({ text, passage: span, grade: 2, quote: "sprung tydes are hi" }).status).toBe(
      "unsupported",
    );
    // Under 10 characters no edit is allowed at all.
    expect(checkJudgeEvidence({ text, passage: span, grade: 2, quote: "Mooon" }).status).toBe("unsupported");
  });

  it("maps offsets back through characters whose lower case is longer (İ) and astral ones", () => {
    const document = "Intro. İSTANBUL 🌊 lies on the Bosphorus strait between two seas.";
    const evidence = checkJudgeEvidence({
      text: document,
      grade: 2,
      quote: "i̇stanbul 🌊 LIES on the bosphorus",
    });
    if (evidence.status !== "supported") throw new Error(JSON.stringify(evidence));
    expect(evidence.match).toBe("normalized");
    expect(document.slice(evidence.start, evidence.end)).toBe("İSTANBUL 🌊 lies on the Bosphorus");
  });

  it("matches a CRLF quote against the LF-normalized document", () => {
    const evidence = supported("The Sun adds a smaller pull,\r\n  which is why");
    expect(evidence.match).toBe("exact");
  });
});

import { describe, expect, it } from "vitest";
import { createQuoteSelector } from "./create-quote-selector";
import { rankRepairCandidates } from "./rank-repair-candidates";
import { resolveQuote } from "./resolve-quote";

const oldText =
  "Intro paragraph about the appliance. Hold the reset button for ten seconds until the light blinks. Then wait.";

function selectorFor(quote: string) {
  const start = oldText.indexOf(quote);
  return createQuoteSelector({ text: oldText, start, end: start + quote.length });
}

describe("rankRepairCandidates", () => {
  it("finds a rewritten quote that automatic anchoring orphans, best first", () => {
    const selector = selectorFor("Hold the reset button for ten seconds");
    const newText =
      "Intro paragraph about the appliance. Press and hold the reset key for 10 seconds until the light blinks. Then wait.";
    expect(resolveQuote({ text: newText, selector, sameVersion: false }).state).toBe("orphaned");
    const [best] = rankRepairCandidates({ text: newText, selector });
    expect(best).toBeDefined();
    expect(newText.slice(best?.start, best?.end)).toMatch(/hold the reset key for 10 seconds/);
    expect(best?.score).toBeGreaterThan(0.5);
  });

  it("takes a word cut by an approximate match whole", () => {
    const before =
      "2. Check that the drive is held in the LK-TRY-3500 tray by all four side pins and that it";
    const quote = "Check that the drive is held in the LK-TRY-3500 tray by all four side pins";
    const at = before.indexOf(quote);
    const selector = createQuoteSelector({ text: before, start: at, end: at + quote.length });
    const rewritten = "Make sure the drive sits in the LK-TRY-3500 tray on all four side pins";
    const [best] = rankRepairCandidates({ text: before.replace(quote, rewritten), selector });
    // The edit-distance match starts at "ake sure"; the candidate starts at the word.
    expect(before.replace(quote, rewritten).slice(best?.start, best?.end)).toBe(rewritten);
  });

  it("lists each occurrence of an ambiguous quote once, the one in the old context first", () => {
    const selector = selectorFor("ten seconds");
    const newText = `Wait ten seconds. ${oldText} Or ten seconds more.`;
    const candidates = rankRepairCandidates({ text: newText, selector, limit: 5 });
    const starts = candidates
      .filter((candidate) => candidate.errors === 0)
      .map((candidate) => candidate.start);
    expect(starts).toHaveLength(3);
    expect(starts[0]).toBe(newText.indexOf("ten seconds until"));
    for (const [index, candidate] of candidates.entries()) {
      for (const other of candidates.slice(index + 1)) {
        expect(candidate.end <= other.start || other.end <= candidate.start).toBe(true);
      }
    }
  });

  it("returns nothing when no place comes close, and at most `limit`", () => {
    const selector = selectorFor("Hold the reset button for ten seconds");
    expect(rankRepairCandidates({ text: "Completely different words about warranties.", selector })).toEqual(
      [],
    );
    expect(
      rankRepairCandidates({ text: `${oldText} ${oldText} ${oldText}`, selector, limit: 2 }),
    ).toHaveLength(2);
  });
});

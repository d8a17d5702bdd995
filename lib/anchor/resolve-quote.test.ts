import { describe, expect, it } from "vitest";
import { createQuoteSelector, type QuoteSelector } from "@/lib/anchor/create-quote-selector";
import { normalizeText } from "@/lib/anchor/normalize-text";
import { type Anchor, resolveQuote } from "@/lib/anchor/resolve-quote";

const paragraphs = [
  "Installation. Mount the LK-PSU-450W power supply on the rear rail and tighten all four screws.",
  "Troubleshooting. If the unit reports error E-4012, the cooling fan has stalled; replace the fan within 48 hours to keep the warranty valid.",
  "Maintenance. Clean the air intake every three months with dry compressed air, never with water.",
];
const original = paragraphs.join("\n\n");

function label(text: string, quote: string): QuoteSelector {
  const start = text.indexOf(quote);
  if (start < 0) throw new Error(`quote not in text: ${quote}`);
  const { exact, prefix, suffix, end } = createQuoteSelector({ text, start, end: start + quote.length });
  return { exact, prefix, suffix, start, end };
}

function spanText(text: string, anchor: Anchor): string | null {
  return "start" in anchor ? text.slice(anchor.start, anchor.end) : null;
}

const quote = "replace the fan within 48 hours to keep the warranty valid";

describe("resolveQuote", () => {
  it("is exact on the same version", () => {
    const selector = label(original, quote);
    expect(resolveQuote({ text: original, selector, sameVersion: true })).toEqual({
      state: "exact",
      start: selector.start,
      end: selector.end,
      score: 1,
    });
  });

  it("relocates, not exact, when the version differs even if the offsets still match", () => {
    const selector = label(original, quote);
    const anchor = resolveQuote({ text: original, selector, sameVersion: false });
    expect(anchor.state).toBe("relocated");
    expect(spanText(original, anchor)).toBe(quote);
    expect(anchor.score).toBeCloseTo(1, 6);
  });

  it("relocates a quote after words are inserted before it", () => {
    const selector = label(original, quote);
    const edited = `Read this manual in full before you start.\n\n${original.replace("If the unit", "If, during normal operation, the unit")}`;
    const anchor = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(anchor.state).toBe("relocated");
    expect(spanText(edited, anchor)).toBe(quote);
    expect(anchor.score).toBeGreaterThan(0.9);
  });

  it("matches fuzzily when words are inserted inside the quote", () => {
    const selector = label(original, quote);
    // " full" is 5 edits on a 58-character quote: within the 10% budget.
    const edited = original.replace("within 48 hours", "within 48 full hours");
    const anchor = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(anchor.state).toBe("fuzzy");
    expect(spanText(edited, anchor)).toBe("replace the fan within 48 full hours to keep the warranty valid");
    expect(anchor.score).toBeGreaterThan(0.9);
  });

  it("orphans a quote edited beyond ~10% of its length", () => {
    const selector = label(original, quote);
    const edited = original.replace(quote, "swap the fan in two days or the warranty lapses");
    expect(resolveQuote({ text: edited, selector, sameVersion: false }).state).toBe("orphaned");
  });

  it("lets context decide between copies of a duplicated quote", () => {
    const selector = label(original, quote);
    const copy =
      "Note. For every model, replace the fan within 48 hours to keep the warranty valid, says support.";
    const edited = `${copy}\n\n${original}\n\n${copy}`;
    const anchor = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(anchor.state).toBe("relocated");
    expect("start" in anchor && anchor.start).toBe(edited.indexOf(`has stalled; ${quote}`) + 13);
  });

  it("reports equal context as ambiguous and uses the copy nearest the old position", () => {
    const selector = label(original, quote);
    // Paragraphs 2 and 3 repeated: both copies of the quote have the same 32 characters around them.
    const edited = [...paragraphs, paragraphs[1], paragraphs[2]].join("\n\n");
    const anchor = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(anchor.state).toBe("ambiguous");
    expect("start" in anchor && anchor.start).toBe(selector.start);
  });

  it("orphans a deleted paragraph instead of anchoring to a look-alike sentence", () => {
    const selector = label(original, quote);
    const lookAlike =
      "Warranty. Customers must replace the fans within 48 hours to keep their warranty valid in the EU.";
    const edited = [paragraphs[0], lookAlike, paragraphs[2]].join("\n\n");
    const anchor = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(anchor.state).toBe("orphaned");
    expect(anchor.score).toBeGreaterThan(0.5); // it came close, and the score says so
    expect(anchor.score).toBeLessThan(0.8);
  });

  it("finds the edited quote even when a look-alike elsewhere has fewer edits", () => {
    const selector = label(original, quote);
    const lookAlike =
      "Elsewhere: replace the fan within 48 hours to keep the warrantyy valid, in Norway only.";
    const edited = `${lookAlike}\n\n${original.replace("within 48 hours", "within 48 full hours")}`;
    const anchor = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(anchor.state).toBe("fuzzy");
    expect(spanText(edited, anchor)).toBe("replace the fan within 48 full hours to keep the warranty valid");
  });

  it("resolves across CRLF/LF and NFD/NFC once both sides are normalized", () => {
    const windowsNfd = "Caf\u0065\u0301 menu.\r\nThe cre\u0300me bru\u0302le\u0301e is served cold.\r\nEnd.";
    const labeledOn = normalizeText(windowsNfd);
    const selector = label(labeledOn, "crème brûlée is served cold");
    const current = normalizeText(windowsNfd.replace(/\r\n/g, "\n").normalize("NFD"));
    expect(current).toBe(labeledOn);
    expect(resolveQuote({ text: current, selector, sameVersion: true }).state).toBe("exact");
    // A selector stored from raw (un-normalized) text still matches: its strings are normalized here.
    const raw: QuoteSelector = {
      ...selector,
      exact: selector.exact.normalize("NFD"),
      prefix: "menu.\r\nThe ",
    };
    const anchor = resolveQuote({ text: current, selector: raw, sameVersion: false });
    expect(anchor.state).toBe("relocated");
    expect(spanText(current, anchor)).toBe("crème brûlée is served cold");
  });

  it("handles emoji, CJK and combining marks", () => {
    const text = normalizeText(
      "序章。今日は晴れです 😀👍🏽。\n\n第二章。エラー E-4012 が表示されたら、ファンを四十八時間以内に交換してください 🔧。\n\nq\u0303 fin.",
    );
    const cjk = "ファンを四十八時間以内に交換してください 🔧";
    const selector = label(text, cjk);
    const inserted = `はじめに 📘。\n\n${text}`;
    const relocated = resolveQuote({ text: inserted, selector, sameVersion: false });
    expect(relocated.state).toBe("relocated");
    expect(spanText(inserted, relocated)).toBe(cjk);

    const edited = inserted.replace("四十八時間以内に", "四十八時間以内にすぐ");
    const fuzzy = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(fuzzy.state).toBe("fuzzy");
    expect(spanText(edited, fuzzy)).toBe("ファンを四十八時間以内にすぐ交換してください 🔧");

    const combining = label(text, "q\u0303 fin");
    expect(resolveQuote({ text: `😀${text}`, selector: combining, sameVersion: false }).state).toBe(
      "relocated",
    );
  });

  it("never returns a span that cuts a surrogate pair", () => {
    const text = `intro ${"🙂".repeat(10)} the quick brown fox jumps over the lazy dog 🐕🐕 today, ok`;
    const selector = label(text, "quick brown fox jumps over the lazy dog 🐕🐕");
    const edited = text.replace("🐕🐕", "🐕🐈");
    const anchor = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(anchor.state).toBe("fuzzy");
    if (!("start" in anchor)) throw new Error("expected a span");
    for (const offset of [anchor.start, anchor.end]) {
      const code = edited.charCodeAt(offset);
      expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
    }
  });

  it("picks the right copy of a very common quote by its context", () => {
    const filler = Array.from({ length: 400 }, (_, index) => `item ${index} is ok.`).join(" ");
    const text = `${filler} Alarm: the fan is ok. ${filler}`;
    const start = text.indexOf("Alarm: the fan is ok.") + 15;
    const selector = createQuoteSelector({ text, start, end: start + 5 }); // "is ok", 801 copies
    expect(selector.occurrences).toBe(801);
    const edited = `Preface.\n${text}`;
    const anchor = resolveQuote({ text: edited, selector, sameVersion: false });
    expect(anchor).toMatchObject({ state: "relocated", start: start + 9, end: start + 14 });
  });

  it("orphans an empty quote and a short quote that no longer occurs", () => {
    const empty: QuoteSelector = { exact: "", prefix: "", suffix: "", start: 0, end: 0 };
    expect(resolveQuote({ text: original, selector: empty, sameVersion: true })).toEqual({
      state: "orphaned",
      score: 0,
    });
    const short = label(original, "E-4012");
    expect(
      resolveQuote({ text: original.replace("E-4012", "E-4013"), selector: short, sameVersion: false }),
    ).toEqual({ state: "orphaned", score: 0 });
  });
});

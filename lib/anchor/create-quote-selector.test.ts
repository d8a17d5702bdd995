import { describe, expect, it } from "vitest";
import { createQuoteSelector, storedQuoteSelector } from "@/lib/anchor/create-quote-selector";
import { normalizeText } from "@/lib/anchor/normalize-text";
import { AppError } from "@/lib/errors";

function selectorFor(text: string, quote: string, occurrence = 0) {
  let start = -1;
  for (let seen = 0; seen <= occurrence; seen++) start = text.indexOf(quote, start + 1);
  return createQuoteSelector({ text, start, end: start + quote.length });
}

describe("createQuoteSelector", () => {
  const text =
    "Power supplies. The LK-PSU-450W unit reports error E-4012 when the fan stalls. " +
    "Replace the fan within 48 hours to keep the warranty valid.";

  it("takes 32 characters of context on each side of a unique quote", () => {
    const selector = selectorFor(text, "error E-4012");
    const start = text.indexOf("error E-4012");
    expect(selector).toEqual({
      exact: "error E-4012",
      prefix: text.slice(start - 32, start),
      suffix: text.slice(start + 12, start + 44),
      start,
      end: start + 12,
      distinctive: true,
      occurrences: 1,
    });
  });

  it("truncates context at the document's edges", () => {
    const selector = selectorFor(text, "Power supplies");
    expect(selector.prefix).toBe("");
    expect(selector.suffix).toHaveLength(32);
    const end = selectorFor(text, "warranty valid.");
    expect(end.suffix).toBe("");
  });

  it("widens the context of a repeated quote until prefix+exact+suffix is unique", () => {
    // The occurrences differ only 41 characters away: 32 of context is not enough, 64 is.
    const filler = "x".repeat(40);
    const repeated = `A${filler} reset the device now.${filler}B${filler} reset the device now.${filler}C`;
    const selector = selectorFor(repeated, "reset the device now", 1);
    expect(selector.distinctive).toBe(false);
    expect(selector.occurrences).toBe(2);
    expect(selector.prefix.length).toBe(64);
    const combined = selector.prefix + selector.exact + selector.suffix;
    expect(repeated.indexOf(combined)).toBe(repeated.lastIndexOf(combined));
  });

  it("stops widening at the cap when the passage itself is duplicated", () => {
    const paragraph = `${"lorem ipsum ".repeat(40)}the quote in question ${"dolor sit ".repeat(40)}`;
    const duplicated = `${paragraph}\n\n${paragraph}`;
    const selector = selectorFor(duplicated, "the quote in question");
    expect(selector.occurrences).toBe(2);
    expect(selector.prefix.length).toBe(256);
    expect(selector.suffix.length).toBe(256);
  });

  it("counts overlapping occurrences", () => {
    expect(selectorFor("aaaa", "aa").occurrences).toBe(3);
  });

  it("never cuts a surrogate pair or a combining mark off its base", () => {
    const emoji = "I 😀 it";
    expect(createQuoteSelector({ text: emoji, start: 3, end: 4 })).toMatchObject({
      exact: "😀",
      start: 2,
      end: 4,
    });
    const combining = normalizeText("Zoe\u0308 and q\u0303 here"); // q + tilde has no precomposed form
    const tildeAt = combining.indexOf("\u0303");
    const selector = createQuoteSelector({ text: combining, start: tildeAt, end: tildeAt + 1 });
    expect(selector.exact).toBe("q\u0303");
    const base = createQuoteSelector({ text: combining, start: tildeAt - 1, end: tildeAt });
    expect(base.exact).toBe("q\u0303");
  });

  it("keeps context boundaries on whole code points", () => {
    const text = `${"😀".repeat(20)}quote${"😀".repeat(20)}`;
    const selector = selectorFor(text, "quote");
    expect(selector.prefix).toBe("😀".repeat(16));
    expect(selector.suffix).toBe("😀".repeat(16));
    const odd = createQuoteSelector({ text, start: 40, end: 45, contextLength: 3 });
    expect(odd.prefix).toBe("😀");
    expect(odd.suffix).toBe("😀");
  });

  it("rejects empty or out-of-range selections with bad_request", () => {
    for (const [start, end] of [
      [5, 5],
      [6, 5],
      [-1, 3],
      [0, text.length + 1],
      [0.5, 3],
    ] as const) {
      expect(() => createQuoteSelector({ text, start, end })).toThrowError(AppError);
    }
    expect(() => createQuoteSelector({ text, start: 0, end: 3, contextLength: -1 })).toThrowError(AppError);
  });
});

describe("storedQuoteSelector", () => {
  it("reads a stored quote label's selector, and none for a document-level label", () => {
    expect(storedQuoteSelector({ exact: "reset", prefix: null, suffix: " it", start: 4, end: 9 })).toEqual({
      exact: "reset",
      prefix: "",
      suffix: " it",
      start: 4,
      end: 9,
    });
    expect(
      storedQuoteSelector({ exact: null, prefix: null, suffix: null, start: null, end: null }),
    ).toBeNull();
  });
});

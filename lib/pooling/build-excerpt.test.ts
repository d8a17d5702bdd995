import { describe, expect, it } from "vitest";
import { buildExcerpt, markQueryTerms, queryTermSet } from "./build-excerpt";

const shown = (segments: { text: string; match: boolean }[]) =>
  segments.map((segment) => (segment.match ? `[${segment.text}]` : segment.text)).join("");

describe("markQueryTerms", () => {
  it("marks words whose stemmed term is in the query, as BM25 matched them", () => {
    const terms = queryTermSet("How do I reset the router?");
    expect(shown(markQueryTerms({ text: "Resetting the router:\n\n hold Reset.", terms }))).toBe(
      "[Resetting] the [router]: hold [Reset].",
    );
  });

  it("does not mark stopwords or parts of words, and keeps markup as plain text", () => {
    const terms = queryTermSet("the <em>drive</em>");
    const segments = markQueryTerms({ text: "<em>the drives</em> overdrive", terms });
    expect(shown(segments)).toBe("<[em]>the [drives]</[em]> overdrive");
    expect(segments.every((segment) => typeof segment.text === "string")).toBe(true);
  });

  it("leaves single letters unmarked: an error code's prefix matches every other code", () => {
    const terms = queryTermSet("E-4012 after swap");
    expect(shown(markQueryTerms({ text: "E-4013, then E-4012 after a swap", terms }))).toBe(
      "E-4013, then E-[4012] [after] a [swap]",
    );
  });

  it("returns the text unmarked for a query without terms", () => {
    expect(markQueryTerms({ text: "a  b", terms: new Set() })).toEqual([{ text: "a b", match: false }]);
  });
});

describe("buildExcerpt", () => {
  const text =
    "Intro words here. The power supply fails with error E-4012 on boot. More text follows after it.";

  it("returns the span, cut at words, with where the text continues", () => {
    const start = text.indexOf("ower supply");
    const end = text.indexOf("on boot") + 4;
    const excerpt = buildExcerpt({ text, start, end, terms: queryTermSet("error 4012") });
    expect(shown(excerpt.segments)).toBe("supply fails with [error] E-[4012] on");
    expect(excerpt).toMatchObject({ clippedStart: true, clippedEnd: true });
  });

  it("keeps a span at the document's edges whole", () => {
    const excerpt = buildExcerpt({ text: "Short one.", start: 0, end: 10, terms: new Set() });
    expect(excerpt).toEqual({
      segments: [{ text: "Short one.", match: false }],
      clippedStart: false,
      clippedEnd: false,
    });
  });

  it("cuts a long passage around its first query term", () => {
    const long = `${"filler ".repeat(100)}the fan spins loudly ${"tail ".repeat(100)}`;
    const excerpt = buildExcerpt({
      text: long,
      start: 0,
      end: long.length,
      terms: queryTermSet("fan"),
      maxLength: 120,
    });
    const rendered = shown(excerpt.segments);
    expect(rendered).toContain("[fan] spins");
    expect(rendered.length).toBeLessThanOrEqual(122);
    expect(excerpt.clippedStart).toBe(true);
    expect(rendered.startsWith("filler")).toBe(true);
  });

  it("clamps offsets outside the text", () => {
    const excerpt = buildExcerpt({ text: "abc def", start: -5, end: 99, terms: new Set() });
    expect(shown(excerpt.segments)).toBe("abc def");
  });
});

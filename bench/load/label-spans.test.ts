import { describe, expect, it } from "vitest";
import { labelTarget, quoteSpans, WORDS_PER_QUOTE } from "./label-spans";

describe("quoteSpans", () => {
  it("covers WORDS_PER_QUOTE words from each starting word, never blank", () => {
    const text = "  Reset the  Tern\nappliance before upgrading.";
    const spans = quoteSpans(text);
    expect(WORDS_PER_QUOTE).toBe(4);
    expect(spans.map((span) => text.slice(span.start, span.end))).toEqual([
      "Reset the  Tern\nappliance",
      "the  Tern\nappliance before",
      "Tern\nappliance before upgrading.",
    ]);
  });

  it("has none for a text shorter than one quote", () => {
    expect(quoteSpans("three short words")).toEqual([]);
  });
});

describe("labelTarget", () => {
  it("gives every save of an annotator on a query its own document and quote, up to the capacity", () => {
    const seen = new Set<string>();
    for (let save = 0; save < 3 * 5; save++) {
      const target = labelTarget({ annotator: 7, save, documentCount: 3, quotesPerDocument: 5 });
      expect(target).not.toBeNull();
      seen.add(`${target?.documentIndex}:${target?.quoteIndex}`);
    }
    expect(seen.size).toBe(15);
    expect(labelTarget({ annotator: 7, save: 15, documentCount: 3, quotesPerDocument: 5 })).toBeNull();
  });

  it("starts each annotator on a different document", () => {
    const first = [0, 1, 2].map(
      (annotator) =>
        labelTarget({ annotator, save: 0, documentCount: 3, quotesPerDocument: 1 })?.documentIndex,
    );
    expect(first).toEqual([0, 1, 2]);
    expect(labelTarget({ annotator: 0, save: 0, documentCount: 0, quotesPerDocument: 9 })).toBeNull();
  });
});

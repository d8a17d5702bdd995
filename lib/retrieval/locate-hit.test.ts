import { describe, expect, it } from "vitest";
import { locateHit } from "@/lib/retrieval/locate-hit";

const documentText =
  "Retrieval evaluation needs judged passages.\nA golden set lists queries and their relevant spans.\n\nBM25 is a strong baseline.";

function slice(location: ReturnType<typeof locateHit>): string | undefined {
  return location.kind === "unlocated" ? undefined : documentText.slice(location.start, location.end);
}

describe("locateHit", () => {
  it("uses a valid span as is", () => {
    expect(locateHit({ documentText, hit: { start: 0, end: 9 } })).toEqual({
      kind: "span",
      start: 0,
      end: 9,
    });
    const end = documentText.length;
    expect(locateHit({ documentText, hit: { start: end - 1, end } })).toEqual({
      kind: "span",
      start: end - 1,
      end,
    });
  });

  it("uses a span whose text agrees, up to whitespace", () => {
    const start = documentText.indexOf("A golden");
    expect(locateHit({ documentText, hit: { start, end: start + 12, text: "A  golden\tset" } })).toEqual({
      kind: "span",
      start,
      end: start + 12,
    });
  });

  it.each([
    { start: -1, end: 5 },
    { start: 5, end: 5 },
    { start: 6, end: 2 },
    { start: 0, end: 10_000 },
    { start: 1.5, end: 4 },
    { start: 3 },
  ])("falls back to the whole document for an invalid span without text: %o", (hit) => {
    expect(locateHit({ documentText, hit })).toEqual({
      kind: "document",
      start: 0,
      end: documentText.length,
    });
  });

  it("spans the whole document when the hit has neither span nor text", () => {
    expect(locateHit({ documentText, hit: {} })).toEqual({
      kind: "document",
      start: 0,
      end: documentText.length,
    });
    expect(locateHit({ documentText, hit: { text: "  \n " } }).kind).toBe("document");
  });

  it("finds the text verbatim", () => {
    const location = locateHit({ documentText, hit: { text: "BM25 is a strong baseline." } });
    expect(location.kind).toBe("text-exact");
    expect(slice(location)).toBe("BM25 is a strong baseline.");
  });

  it("prefers the text when a valid span disagrees with it", () => {
    const location = locateHit({ documentText, hit: { start: 0, end: 9, text: "strong baseline" } });
    expect(location.kind).toBe("text-exact");
    expect(slice(location)).toBe("strong baseline");
  });

  it("keeps a valid span when its disagreeing text is nowhere", () => {
    expect(locateHit({ documentText, hit: { start: 0, end: 9, text: "quantum chromodynamics" } })).toEqual({
      kind: "span",
      start: 0,
      end: 9,
    });
  });

  it("finds the text up to whitespace runs, CRLF and NFC", () => {
    const location = locateHit({
      documentText,
      hit: { text: "  judged passages.\r\nA golden   set " },
    });
    expect(location.kind).toBe("text-exact");
    expect(slice(location)).toBe("judged passages.\nA golden set");

    const accented = "Le café est fermé.";
    const decomposed = locateHit({ documentText: accented, hit: { text: "cafe\u0301 est" } });
    expect(decomposed).toEqual({ kind: "text-exact", start: 3, end: 11 });
  });

  it("finds a text with a few edits fuzzily", () => {
    const location = locateHit({
      documentText,
      hit: { text: "A golden set list queries and there relevant spans" },
    });
    expect(location.kind).toBe("text-fuzzy");
    expect(slice(location)).toBe("A golden set lists queries and their relevant spans");
  });

  it("reports a text that is not in the document as unlocated", () => {
    expect(locateHit({ documentText, hit: { text: "dense retrievers need GPUs and lots of data" } })).toEqual(
      {
        kind: "unlocated",
      },
    );
    // Too short for any edit budget: only exact matches count.
    expect(locateHit({ documentText, hit: { text: "BM26" } })).toEqual({ kind: "unlocated" });
  });

  it("does not split a surrogate pair", () => {
    const text = "emoji 😀 rocks and rolls all night long";
    const location = locateHit({ documentText: text, hit: { text: "😀 rocks and rolls all night lon" } });
    expect(location.kind).toBe("text-exact");
    const fuzzy = locateHit({ documentText: text, hit: { text: "X rocks and rolls all night long" } });
    expect(fuzzy.kind).toBe("text-fuzzy");
    const found = fuzzy.kind === "unlocated" ? "" : text.slice(fuzzy.start, fuzzy.end);
    expect(found).toBe("😀 rocks and rolls all night long");
  });
});

import { describe, expect, it } from "vitest";
import { chunkCorpus } from "@/lib/chunking/chunk-corpus";
import { chunkDocument } from "@/lib/chunking/chunk-document";

const documents = [
  { text: "Alpha beta gamma. Delta epsilon.", title: "Greek letters" },
  { text: "No title here.", title: "" },
  { text: "", title: "Only a title" },
];

describe("chunkDocument, whole documents", () => {
  it("gives one span over the whole text, whitespace included, and none for an empty text", () => {
    expect(chunkDocument({ text: "  a b \n", chunking: { strategy: "document" } })).toEqual([
      { start: 0, end: 7 },
    ]);
    expect(chunkDocument({ text: "", chunking: { strategy: "document" } })).toEqual([]);
  });
});

describe("chunkCorpus", () => {
  it("indexes the text alone unless prependTitle is set", () => {
    const { chunks, texts } = chunkCorpus({ documents, chunking: { strategy: "document" } });
    expect(chunks).toEqual([
      { documentIndex: 0, start: 0, end: 32 },
      { documentIndex: 1, start: 0, end: 14 },
    ]);
    expect(texts).toEqual([documents[0]!.text, documents[1]!.text]);
  });

  it("prependTitle: each chunk's indexed text is 'title text', its span still into the text alone", () => {
    const { chunks, texts } = chunkCorpus({
      documents,
      chunking: { strategy: "fixed-characters", size: 20, overlap: 0, prependTitle: true },
    });
    expect(chunks).toEqual([
      { documentIndex: 0, start: 0, end: 20 },
      { documentIndex: 0, start: 20, end: 32 },
      { documentIndex: 1, start: 0, end: 14 },
    ]);
    expect(texts).toEqual([
      "Greek letters Alpha beta gamma. De",
      "Greek letters lta epsilon.",
      "No title here.", // a blank title adds nothing
    ]);
    for (const [index, chunk] of chunks.entries()) {
      const document = documents[chunk.documentIndex]!;
      expect(texts[index]!.endsWith(document.text.slice(chunk.start, chunk.end))).toBe(true);
    }
  });

  it("whole documents with titles join title and text with one space, as `goldenset retrieve` does", () => {
    const { texts } = chunkCorpus({ documents, chunking: { strategy: "document", prependTitle: true } });
    expect(texts).toEqual(["Greek letters Alpha beta gamma. Delta epsilon.", "No title here."]);
  });

  it("documents without a title field index their text", () => {
    const { texts } = chunkCorpus({
      documents: [{ text: "plain" }],
      chunking: { strategy: "document", prependTitle: true },
    });
    expect(texts).toEqual(["plain"]);
  });
});

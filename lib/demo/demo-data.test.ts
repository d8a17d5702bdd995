import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { normalizeText } from "@/lib/anchor/normalize-text";
import { demoSetSchema } from "@/lib/demo/demo-set-schema";

// Invariants of the demo data loaded on first start (prisma/demo). The seed relies on them:
// every golden-set query comes from the log, and every quote anchors to exactly one place.

const demoDir = path.resolve(import.meta.dirname, "../../prisma/demo");

const documentSchema = z.object({
  id: z.string().regex(/^kb-\d{4}$/),
  title: z.string().min(1),
  text: z.string().min(1),
  type: z.enum(["troubleshooting", "spec", "release-notes", "how-to", "faq"]),
});

function readDemoFile(name: string): string {
  return readFileSync(path.join(demoDir, name), "utf8");
}

function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}

const documents = readDemoFile("corpus.jsonl")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => documentSchema.parse(JSON.parse(line)));
const textById = new Map(documents.map((document) => [document.id, normalizeText(document.text)]));
const logLines = readDemoFile("query-log.txt").split("\n");
if (logLines.at(-1) === "") logLines.pop();
const goldenSet = demoSetSchema.parse(JSON.parse(readDemoFile("golden-set.json")));

describe("demo corpus", () => {
  it("has at least 60 documents with unique ids and non-blank titles and texts", () => {
    expect(documents.length).toBeGreaterThanOrEqual(60);
    expect(textById.size).toBe(documents.length);
    for (const document of documents) {
      expect(document.title.trim(), document.id).not.toBe("");
      expect(document.text.trim(), document.id).not.toBe("");
    }
  });

  it("stores text already normalized, so quote offsets need no adjustment at import", () => {
    for (const document of documents) expect(normalizeText(document.text), document.id).toBe(document.text);
  });
});

describe("demo query log", () => {
  it("has at least 1,000 lines", () => {
    expect(logLines.length).toBeGreaterThanOrEqual(1000);
  });
});

describe("demo golden set", () => {
  const trimmedLogLines = new Set(logLines.map((line) => line.trim()));

  it("writes down the information need of every query", () => {
    for (const query of goldenSet.queries) expect(query.informationNeed.trim(), query.text).not.toBe("");
  });

  it("takes every query verbatim from a line of the log", () => {
    for (const query of goldenSet.queries) expect(trimmedLogLines.has(query.text), query.text).toBe(true);
  });

  it("labels at least 40 queries and leaves no-answer and skipped queries unlabeled", () => {
    expect(goldenSet.queries.filter((query) => query.labels.length > 0).length).toBeGreaterThanOrEqual(40);
    for (const query of goldenSet.queries) {
      if (query.status !== undefined) expect(query.labels, query.text).toEqual([]);
    }
  });

  it("quotes a distinctive passage: each exact occurs exactly once in its document's text", () => {
    for (const query of goldenSet.queries) {
      for (const label of query.labels) {
        const text = textById.get(label.document);
        expect(text, `${query.text} -> ${label.document}`).toBeDefined();
        expect(label.exact, `${query.text} -> ${label.document}: every demo label is a quote`).toBeDefined();
        if (text === undefined || label.exact === undefined) continue;
        expect(countOccurrences(text, label.exact), `${query.text} -> ${label.exact}`).toBe(1);
        expect(label.exact.length).toBeGreaterThanOrEqual(20);
        expect(label.exact.length).toBeLessThanOrEqual(160);
      }
    }
  });
});

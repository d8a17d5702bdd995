import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseSmartRecords } from "@/lib/exchange/read-smart";

/**
 * The BM25 benchmarks' corpus: ~120-character chunks of ../shared/data (SciFact, CACM,
 * Cranfield), with SciFact's claims as queries, generated once into the OS temp dir.
 */
export const DATA_DIR = join(__dirname, "..", "..", "shared", "data");

/** The directory holding chunks.json (`count` chunks) and queries.json, created on first use. */
export function prepareBm25Corpus(count: number): string {
  const dir = join(tmpdir(), `goldenset-bench-bm25-${count}`);
  if (!existsSync(join(dir, "chunks.json"))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "chunks.json"), JSON.stringify(buildChunks(readSourceTexts(), count)));
    writeFileSync(join(dir, "queries.json"), JSON.stringify(readScifactClaims()));
  }
  return dir;
}

export function readBm25Corpus(dir: string): { chunks: string[]; queries: string[] } {
  return {
    chunks: JSON.parse(readFileSync(join(dir, "chunks.json"), "utf8")) as string[],
    queries: JSON.parse(readFileSync(join(dir, "queries.json"), "utf8")) as string[],
  };
}

/** Title + text of every SciFact abstract, and .T + .W of CACM and Cranfield records. */
function readSourceTexts(): string[] {
  const texts: string[] = [];
  for (const line of readFileSync(join(DATA_DIR, "scifact", "corpus.jsonl"), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const document = JSON.parse(line) as { title?: string; text?: string };
    texts.push(`${document.title ?? ""} ${document.text ?? ""}`);
  }
  for (const file of [join(DATA_DIR, "cacm", "cacm.all"), join(DATA_DIR, "cranfield", "cran.all.1400")]) {
    for (const record of parseSmartRecords(readFileSync(file, "utf8"))) {
      texts.push(`${record.fields.get("T") ?? ""} ${record.fields.get("W") ?? ""}`);
    }
  }
  return texts.map((text) => text.replace(/\s+/g, " ").trim()).filter((text) => text !== "");
}

/**
 * ~120-character chunks cut at word boundaries. One pass over the texts gives ~95k chunks, so
 * further passes start at shifted offsets (60, 30, 90 characters: overlapping windows, as with
 * chunk overlap) until `count` chunks exist.
 */
function buildChunks(texts: string[], count: number): string[] {
  const chunks: string[] = [];
  for (const offset of [0, 60, 30, 90, 15, 75, 45, 105]) {
    for (const text of texts) {
      let start = offset === 0 ? 0 : text.indexOf(" ", offset) + 1;
      while (start > 0 || (offset === 0 && start < text.length)) {
        if (start >= text.length) break;
        let end = text.indexOf(" ", start + 120);
        if (end === -1) end = text.length;
        chunks.push(text.slice(start, end));
        if (chunks.length === count) return chunks;
        start = end + 1;
      }
    }
  }
  throw new Error(`the data gives only ${chunks.length} chunks`);
}

function readScifactClaims(): string[] {
  return readFileSync(join(DATA_DIR, "scifact", "queries.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { text: string }).text);
}

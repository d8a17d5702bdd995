import { AppError } from "@/lib/errors";
import { readLines } from "@/lib/exchange/read-lines";
import {
  type ImportedHit,
  lineError,
  parseJsonlRunLine,
  parseTrecRunLine,
  type RunLine,
} from "@/lib/retrieval/imported/parse-run-line";
import { assertStorableText } from "@/lib/storable-text";

export type { ImportedHit } from "@/lib/retrieval/imported/parse-run-line";

/**
 * A run produced elsewhere. `queries` maps each query key to its hits, best first in trec_eval's
 * order (see compareImportedHits). `keyedBy` says what the keys are: query ids (TREC, and JSONL
 * with `query_id`) or query texts (JSONL with only `query`).
 */
export type ImportedRun = {
  format: "trec" | "jsonl";
  keyedBy: "query-id" | "query-text";
  queries: Map<string, ImportedHit[]>;
  /** JSONL `query` given next to `query_id`, by query id: lets matchRunQueries match by text too. */
  queryTexts: Map<string, string>;
  /** Distinct TREC run tags (6th column), in order of appearance; empty for JSONL. */
  tags: string[];
  hitCount: number;
};

/** A run line is short; one over this is a wrong file (a JSONL hit's passage text included). */
const MAX_RUN_LINE_BYTES = 16 * 1024 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Streams a run file: a TREC run (`qid Q0 docid rank score tag`, "#" lines are comments) or
 * JSONL (one hit a line), told apart by the first non-blank line (starting with "{" → JSONL).
 * Pass `openFileStream(path)` (lib/exchange/read-lines.ts) for a file on disk, gzip included.
 * Every problem is fatal: an AppError "bad_request" whose message and `location.line` name the
 * line — wrong column count, non-numeric score or rank, bad JSON, missing fields, bad chunk ids,
 * the same (query, document, span) twice (naming both lines), text that is not UTF-8 — or an
 * empty file.
 */
export async function readRunFile(options: {
  input: AsyncIterable<Uint8Array>;
  fileName: string;
}): Promise<ImportedRun> {
  let run: ImportedRun | undefined;
  let keyLine = 0;
  const firstLineOf = new Map<string, number>();
  const tags = new Set<string>();

  for await (const { lineNumber, bytes, truncated } of readLines(options.input, {
    maxLineBytes: MAX_RUN_LINE_BYTES,
  })) {
    if (truncated)
      throw lineError(
        lineNumber,
        `the line is longer than ${MAX_RUN_LINE_BYTES / (1024 * 1024)} MB — is this a run file?`,
      );
    const text = decodeLine(lineNumber === 1 ? stripBom(bytes) : bytes, lineNumber);
    const trimmed = text.trim();
    if (trimmed === "") continue;
    if (!run) {
      if (trimmed.startsWith("["))
        throw lineError(
          lineNumber,
          "the file looks like a JSON array; write one hit object per line (JSONL) or a TREC run instead",
        );
      run = {
        format: trimmed.startsWith("{") ? "jsonl" : "trec",
        keyedBy: "query-id",
        queries: new Map(),
        queryTexts: new Map(),
        tags: [],
        hitCount: 0,
      };
    }
    if (run.format === "trec" && trimmed.startsWith("#")) continue;
    const parsed: RunLine =
      run.format === "jsonl" ? parseJsonlRunLine(text, lineNumber) : parseTrecRunLine(text, lineNumber);
    assertStorableText(parsed, { line: lineNumber, where: `line ${lineNumber}` });

    if (run.hitCount === 0) {
      run.keyedBy = parsed.keyKind;
      keyLine = lineNumber;
    } else if (parsed.keyKind !== run.keyedBy) {
      throw lineError(
        lineNumber,
        parsed.keyKind === "query-text"
          ? `this line has "query" but no "query_id", while line ${keyLine} has a "query_id": give "query_id" on every line or on none`
          : `this line has a "query_id", while line ${keyLine} has only "query": give "query_id" on every line or on none`,
      );
    }
    const duplicateKey = `${parsed.queryKey}\u0000${parsed.hit.docno}`;
    const firstLine = firstLineOf.get(duplicateKey);
    if (firstLine !== undefined)
      throw lineError(
        lineNumber,
        `query "${parsed.queryKey}" lists "${parsed.hit.docno}" again (first on line ${firstLine}); each document or passage may appear once per query`,
      );
    firstLineOf.set(duplicateKey, lineNumber);

    const hits = run.queries.get(parsed.queryKey);
    if (hits) hits.push(parsed.hit);
    else run.queries.set(parsed.queryKey, [parsed.hit]);
    if (parsed.queryText !== undefined && !run.queryTexts.has(parsed.queryKey))
      run.queryTexts.set(parsed.queryKey, parsed.queryText);
    if (parsed.tag !== undefined) tags.add(parsed.tag);
    run.hitCount++;
  }

  if (!run || run.hitCount === 0)
    throw new AppError(
      "bad_request",
      `"${options.fileName}" has no results: expected TREC run lines "qid Q0 docid rank score tag" or JSONL lines like {"query_id": "q1", "doc_id": "d7", "score": 12.5}`,
    );
  for (const hits of run.queries.values()) hits.sort(compareImportedHits);
  run.tags = [...tags];
  return run;
}

/**
 * trec_eval's order (lib/eval/trec/rank-query.ts): score descending compared as 32-bit floats
 * (trec_eval reads scores into a C float), ties by docno descending in byte order (strcmp on
 * UTF-8, i.e. code point order). The rank column plays no part, as in trec_eval, so an imported
 * run is evaluated exactly as trec_eval would evaluate the same file.
 */
export function compareImportedHits(a: ImportedHit, b: ImportedHit): number {
  return Math.fround(b.score) - Math.fround(a.score) || compareCodePoints(b.docno, a.docno);
}

/** Code point order (= UTF-8 byte order); plain `<` compares UTF-16 units and differs past U+D7FF. */
function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      // Surrogates (astral code points) sort after U+E000–U+FFFF.
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

function decodeLine(bytes: Uint8Array, lineNumber: number): string {
  try {
    if (bytes.includes(0)) throw new Error("NUL byte");
    return utf8.decode(bytes);
  } catch {
    throw lineError(lineNumber, "the line is not UTF-8 text — is this a binary file?");
  }
}

function stripBom(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

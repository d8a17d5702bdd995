import { AppError } from "@/lib/errors";

/** One qrels judgment: the query, the judged item's TREC docno and its integer grade. */
export type TrecQrelEntry = { queryId: string; docId: string; grade: number };

/** One retrieved item of a run: the query, the item's TREC docno and its retrieval score. */
export type TrecRunEntry = { queryId: string; docId: string; score: number };

/**
 * The TREC docno of a chunk: `documentId#start-end` (character offsets, end exclusive), so that a
 * label-based evaluation can be exported as qrels and a run that trec_eval reads.
 */
export function chunkDocId(chunk: { documentId: string; start: number; end: number }): string {
  return `${chunk.documentId}#${chunk.start}-${chunk.end}`;
}

/**
 * Qrels lines `qid 0 docid grade`, one per entry in the given order, each ending in "\n".
 * Rejects what trec_eval cannot read or refuses: empty ids or ids with whitespace, non-integer
 * grades, and the same docid judged twice for one query.
 */
export function formatQrels(entries: TrecQrelEntry[]): string {
  const seen = new Set<string>();
  let text = "";
  for (const entry of entries) {
    checkToken("query id", entry.queryId);
    checkToken("docid", entry.docId);
    if (!Number.isInteger(entry.grade)) {
      throw new AppError("bad_request", `The grade of ${entry.queryId}/${entry.docId} is not an integer.`);
    }
    checkUnique(seen, entry);
    text += `${entry.queryId} 0 ${entry.docId} ${entry.grade}\n`;
  }
  return text;
}

/**
 * Run lines `qid Q0 docid rank score tag`, grouped by query in order of first appearance and
 * sorted by score descending within a query (equal scores keep their input order); rank counts
 * 1, 2, … per query. trec_eval ignores the rank column and re-sorts by score (ties by docid,
 * descending), reading scores as 32-bit floats — scores that differ only beyond float precision
 * tie there. Rejects empty ids or tags, whitespace in them, non-finite scores, and a docid
 * retrieved twice for one query (fatal in trec_eval).
 */
export function formatRun(entries: TrecRunEntry[], tag: string): string {
  checkToken("run tag", tag);
  const byQuery = new Map<string, TrecRunEntry[]>();
  const seen = new Set<string>();
  for (const entry of entries) {
    checkToken("query id", entry.queryId);
    checkToken("docid", entry.docId);
    if (!Number.isFinite(entry.score)) {
      throw new AppError(
        "bad_request",
        `The score of ${entry.queryId}/${entry.docId} is not a finite number.`,
      );
    }
    checkUnique(seen, entry);
    const list = byQuery.get(entry.queryId) ?? [];
    list.push(entry);
    byQuery.set(entry.queryId, list);
  }
  let text = "";
  for (const list of byQuery.values()) {
    const sorted = [...list].sort((a, b) => b.score - a.score);
    sorted.forEach((entry, index) => {
      text += `${entry.queryId} Q0 ${entry.docId} ${index + 1} ${entry.score} ${tag}\n`;
    });
  }
  return text;
}

function checkToken(what: string, value: string): void {
  if (value === "" || /\s/.test(value)) {
    throw new AppError(
      "bad_request",
      `A TREC ${what} must be non-empty without whitespace (got "${value}").`,
    );
  }
}

function checkUnique(seen: Set<string>, entry: { queryId: string; docId: string }): void {
  const key = `${entry.queryId}\u0000${entry.docId}`;
  if (seen.has(key)) {
    throw new AppError("bad_request", `Query ${entry.queryId} lists docid ${entry.docId} twice.`);
  }
  seen.add(key);
}

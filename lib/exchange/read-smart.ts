import { AppError } from "@/lib/errors";

/**
 * One record of a SMART-format collection (Cranfield, CACM, CISI, …): `.I id` then fields such as
 * `.T` title, `.A` authors, `.B` bibliography, `.W` abstract/query text, each a `.X` marker line
 * followed by its text. A field that repeats is joined with a newline.
 */
export type SmartRecord = { id: string; fields: Map<string, string> };

/** A judgment from a SMART qrels file; `grade` is the file's third column (0 when absent). */
export type SmartQrel = { queryId: string; documentId: string; grade: number };

const FIELD_MARKER = /^\.([A-Z])(?:\s+(.*))?$/;

/**
 * Parses SMART records, surviving the classic files' traps: CRLF line endings; an id line split in
 * two (CACM's `.I 28` / `56` is record 2856: digits-only lines right after `.I` continue the id);
 * empty fields (Cranfield 471 and 995 have no text); fields that repeat. Text outside any record
 * or field is an AppError("bad_request") with its line.
 */
export function parseSmartRecords(text: string): SmartRecord[] {
  const records: SmartRecord[] = [];
  let record: SmartRecord | null = null;
  let field: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (record && field !== null) {
      const value = lines.join("\n").trim();
      const previous = record.fields.get(field);
      record.fields.set(field, previous === undefined || previous === "" ? value : `${previous}\n${value}`);
    }
    lines = [];
  };
  text.split(/\r\n?|\n/).forEach((line, index) => {
    const marker = FIELD_MARKER.exec(line);
    if (marker?.[1] === "I") {
      flush();
      const id = (marker[2] ?? "").trim();
      if (!/^\S+$/.test(id)) throw new AppError("bad_request", `line ${index + 1}: ".I" without an id`);
      record = { id, fields: new Map() };
      records.push(record);
      field = null;
      return;
    }
    if (marker) {
      if (!record)
        throw new AppError("bad_request", `line ${index + 1}: field .${marker[1]} before any .I line`);
      flush();
      field = marker[1]!;
      if (marker[2]) lines.push(marker[2]);
      return;
    }
    if (record && field === null && /^\d+$/.test(line.trim())) {
      record.id += line.trim(); // an id broken across two lines
      return;
    }
    if (field === null) {
      if (line.trim() === "") return;
      throw new AppError("bad_request", `line ${index + 1}: text outside a field ("${line.slice(0, 40)}")`);
    }
    lines.push(line);
  });
  flush();
  return records;
}

/**
 * Parses a SMART qrels file, `qid docid [grade [ignored]]` separated by spaces: CACM writes
 * `01 1410 0 0` (relevant pairs, query ids zero-padded — returned as written, see
 * `stripLeadingZeros`), Cranfield `1 184 2` (Cleverdon's code 1–4, and an undocumented −1).
 */
export function parseSmartQrels(text: string): SmartQrel[] {
  const qrels: SmartQrel[] = [];
  text.split(/\r\n?|\n/).forEach((line, index) => {
    const columns = line.trim().split(/\s+/);
    if (columns.length === 1 && columns[0] === "") return;
    const [queryId, documentId, grade = "0"] = columns;
    if (queryId === undefined || documentId === undefined || !/^[+-]?\d+$/.test(grade)) {
      throw new AppError("bad_request", `line ${index + 1}: expected "qid docid [grade]", got "${line}"`);
    }
    qrels.push({ queryId, documentId, grade: Number(grade) });
  });
  return qrels;
}

/** `007` → `7`: SMART files pad ids inconsistently (CACM's qrels, Cranfield's queries). */
export function stripLeadingZeros(id: string): string {
  return id.replace(/^0+(?=\d)/, "");
}

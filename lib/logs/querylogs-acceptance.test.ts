import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeQuery } from "./normalize-query";
import { openLogStream } from "./open-log-stream";
import { type ReadLogOptions, readLog } from "./read-log";

// Real query logs live beside the repository (../shared/data/querylogs), never inside it.
const QUERYLOGS_DIR = join(import.meta.dirname, "..", "..", "..", "shared", "data", "querylogs");

/**
 * How each file is read, and the numbers `wc -l`, `cut -f2 | sort -u` and Python (strict UTF-8
 * decoding per line; csv.reader with a tab delimiter) give for it. The test also recomputes
 * them below by a direct method, so a wrong constant and a wrong reader cannot agree by chance.
 *
 * - trec_mq `topics.mq.*.txt` (TREC Million Query 2007–2009 topics): `qid:query`, and in the
 *   2009 file `qid:priority:query`: text with `idPrefix` (the numeric ids dropped, so repeated
 *   queries count as one); a few lines are Latin-1 (not valid UTF-8).
 * - wands `query.csv`: despite its name, tab-separated with a header `query_id, query,
 *   query_class`, and CSV-style quoting of fields holding `"` (`"writing desk 48"""`): tsv,
 *   column "query".
 * - cqadupstack_titles `topics.*.tsv`: `id<TAB>title`, no header; titles may start with a `"`
 *   that does not quote the field (`"adb devices" shows device as "unauthorized"…`): tsv,
 *   column 1.
 */
const CASES: {
  file: string;
  options: ReadLogOptions;
  lines: number;
  imported: number;
  unique: number;
  fallbackDecoded: number;
  pick: (fields: string[]) => string | undefined;
  header: boolean;
}[] = [
  ...[
    ["trec_mq/topics.mq.1-10000.txt", 10_000, 9_999, 1],
    ["trec_mq/topics.mq.10001-20000.txt", 10_000, 9_996, 4],
    ["trec_mq/topics.mq.20001-60000.txt", 40_000, 39_981, 2],
  ].map(([file, lines, unique, fallbackDecoded]) => ({
    file: file as string,
    options: { format: "text", idPrefix: true } as const,
    lines: lines as number,
    imported: lines as number,
    unique: unique as number,
    fallbackDecoded: fallbackDecoded as number,
    pick: (fields: string[]) =>
      fields
        .join("\t")
        .split(":")
        .slice(String(file).includes("20001-60000") ? 2 : 1)
        .join(":"),
    header: false,
  })),
  {
    file: "wands/query.csv",
    options: { format: "tsv", column: "query" },
    lines: 481,
    imported: 480,
    unique: 480,
    fallbackDecoded: 0,
    pick: (fields) => fields[1],
    header: true,
  },
  ...[
    ["android", 699],
    ["unix", 1_072],
    ["webmasters", 506],
    ["wordpress", 541],
  ].map(([site, lines]) => ({
    file: `cqadupstack_titles/topics.cqadupstack-${site}.test.tsv`,
    options: { format: "tsv", column: 1 } as const,
    lines: lines as number,
    imported: lines as number,
    unique: lines as number,
    fallbackDecoded: 0,
    pick: (fields: string[]) => fields[1],
    header: false,
  })),
];

/** The expected counts by the simplest method: the whole file in memory, split at "\n". */
function countDirectly(path: string, pick: (fields: string[]) => string | undefined, header: boolean) {
  const bytes = readFileSync(path);
  const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
  const rawLines: Buffer[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(0x0a, start);
    rawLines.push(bytes.subarray(start, end === -1 ? bytes.length : end));
    start = end === -1 ? bytes.length : end + 1;
  }
  let fallbackDecoded = 0;
  let imported = 0;
  const distinct = new Set<string>();
  rawLines.forEach((raw, index) => {
    let text: string;
    try {
      text = strictUtf8.decode(raw);
    } catch {
      fallbackDecoded += 1;
      text = raw.toString("latin1");
    }
    if (header && index === 0) return;
    const cell = pick(text.replace(/\r$/, "").split("\t"));
    const query =
      cell !== undefined && /^"(?:[^"]|"")*"$/.test(cell) ? cell.slice(1, -1).replaceAll('""', '"') : cell;
    const normalized = normalizeQuery(query ?? "");
    if (normalized === "") return;
    imported += 1;
    distinct.add(normalized);
  });
  return { lines: rawLines.length, imported, unique: distinct.size, fallbackDecoded };
}

describe.skipIf(!existsSync(QUERYLOGS_DIR))(
  "readLog on the shared query logs (skipped when ../shared/data/querylogs is absent)",
  () => {
    it.each(CASES)("reads $file", async ({ file, options, pick, header, ...expected }) => {
      const path = join(QUERYLOGS_DIR, file);
      const direct = countDirectly(path, pick, header);
      expect(direct).toEqual(expected);

      const { entries, summary } = await readLog(openLogStream(path), options);
      expect({
        lines: summary.lines,
        imported: summary.imported,
        unique: summary.unique,
        fallbackDecoded: summary.fallbackDecoded,
      }).toEqual(expected);
      expect(summary.skipped).toEqual({ empty: 0, tooLong: 0, binary: 0, malformed: 0 });
      expect(entries).toHaveLength(summary.unique);
      if (file === "trec_mq/topics.mq.1-10000.txt")
        expect(entries.find((entry) => entry.firstLine === 8109)?.display).toBe("the history of the piñata");
      if (file === "wands/query.csv")
        expect(entries.map((entry) => entry.display)).toContain('fawkes 36" blue vanity');
      if (file.endsWith("android.test.tsv"))
        expect(entries.map((entry) => entry.display)).toContain(
          '"adb devices" shows device as "unauthorized". How can I fix this?',
        );
    });
  },
);

import { z } from "zod";
import type { TrecQrelEntry } from "./trec-format";

/**
 * A BEIR qrels file (`qrels/test.tsv`): the header `query-id corpus-id score`, then one
 * tab-separated line per entry in the given order, each ending in "\n" — what BEIR's loader and
 * `goldenset import-qrels --format beir` read.
 */
export function formatBeirQrels(entries: readonly TrecQrelEntry[]): string {
  const lines = entries.map((entry) => `${entry.queryId}\t${entry.docId}\t${entry.grade}\n`);
  return `query-id\tcorpus-id\tscore\n${lines.join("")}`;
}

/** The query of the set's qrels download: `?format=trec|beir`, TREC when absent. */
export const qrelsExportQuerySchema = z.object({
  format: z.enum(["trec", "beir"], { error: 'format must be "trec" or "beir"' }).default("trec"),
});

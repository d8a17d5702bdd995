import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import { buildGoldenSetFile, documentLabel, labeledQuery } from "@/lib/exchange/testing/golden-set-file";

/** Krippendorff (2011), section C: 4 observers × 12 units, null where an observer gave no value. */
export const krippendorffExample: { annotators: string[]; values: (number | null)[][] } = {
  annotators: ["a@example.com", "b@example.com", "c@example.com", "d@example.com"],
  values: [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
    [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
  ],
};

/**
 * A valid golden set file whose document labels are reliability data: `values[a][u]` is annotator
 * a's grade of unit u — query "q<u % 3>" and document "doc-<u>" — or null for no label. Grades
 * 0–5; `relevantThreshold` as given (3 by default).
 */
export function buildAgreementFile(options: {
  annotators: string[];
  values: (number | null)[][];
  relevantThreshold?: number;
}): GoldenSetFile {
  const units = Math.max(...options.values.map((row) => row.length));
  const queries = [0, 1, 2].map((index) => labeledQuery(`q${index}`, `query ${index}`, []));
  for (let unit = 0; unit < units; unit++) {
    options.annotators.forEach((annotator, row) => {
      const grade = options.values[row]?.[unit];
      if (grade === null || grade === undefined) return;
      queries[unit % 3]!.labels.push(
        documentLabel(`doc-${unit}`, grade, { annotator, at: "2026-01-05T10:00:00.000Z" }),
      );
    });
  }
  return buildGoldenSetFile({
    name: "Agreement example",
    corpusName: "Agreement corpus",
    relevantThreshold: options.relevantThreshold ?? 3,
    gradeScale: [0, 1, 2, 3, 4, 5].map((grade) => ({ grade, name: `grade ${grade}` })),
    documents: Array.from({ length: units }, (_, unit) => ({
      id: `doc-${unit}`,
      version: 1,
      contentHash: `sha256:${String(unit).padStart(2, "0").repeat(32)}`,
    })),
    queries,
  });
}

import type { AgreementReport } from "@/lib/agreement/compute-agreement";

/** `goldenset agreement --json`: exactly these keys (issue 12), numbers unrounded, null when undefined. */
export type AgreementJson = {
  items: number;
  pairs: { a: string; b: string; items: number; kappa: number | null }[];
  alpha: { nominal: number | null; ordinal: number | null };
};

export function toAgreementJson(report: AgreementReport): AgreementJson {
  return {
    items: report.items,
    pairs: report.pairs.map(({ a, b, items, kappa }) => ({ a, b, items, kappa })),
    alpha: { nominal: report.alpha.nominal, ordinal: report.alpha.ordinal },
  };
}

const formatValue = (value: number | null) => (value === null ? "–" : value.toFixed(3));

/** The readable report: what an item is, one row per pair of annotators, then alpha. */
export function formatAgreementTable(
  report: AgreementReport,
  settings: { setName: string; relevantThreshold: number },
): string {
  const lines = [
    `Agreement in "${settings.setName}": ${report.items} ${report.items === 1 ? "item" : "items"}`,
    "An item is a (query, document) pair judged by two or more annotators; an annotator's value is",
    `their highest grade on it. Kappa: relevant (grade ≥ ${settings.relevantThreshold}) or not, per pair.`,
    "",
  ];
  if (report.items === 0) {
    lines.push("No (query, document) pair was judged by two or more annotators: nothing to agree on yet.");
    return `${lines.join("\n")}\n`;
  }
  const header = ["Annotator A", "Annotator B", "Items", "Kappa"];
  const rows = report.pairs.map((pair) => [pair.a, pair.b, String(pair.items), formatValue(pair.kappa)]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ")
      .trimEnd();
  lines.push(line(header), ...rows.map(line), "");
  lines.push(
    `Krippendorff's alpha over ${report.annotators.length} annotators: nominal ${formatValue(report.alpha.nominal)}, ordinal ${formatValue(report.alpha.ordinal)}`,
  );
  if (report.pairs.some((pair) => pair.kappa === null) || Object.values(report.alpha).includes(null)) {
    lines.push(
      "–: undefined, the judgments do not vary (every value the same), so agreement cannot be told from chance.",
    );
  }
  return `${lines.join("\n")}\n`;
}

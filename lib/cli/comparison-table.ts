import type { MeasureComparison } from "@/lib/eval/compare-runs";
import type { TrecFileComparison } from "@/lib/eval/trec/compare-trec-files";

type MeasureJson = Omit<MeasureComparison, "significant">;

/** `goldenset compare --json`: exactly these keys, numbers unrounded. */
export type ComparisonJson = {
  queries: number;
  runs: { name: string; measures: Record<string, MeasureJson> }[];
};

export function toComparisonJson(comparison: TrecFileComparison): ComparisonJson {
  return {
    queries: comparison.queries,
    runs: comparison.runs.map((run) => ({
      name: run.name,
      measures: Object.fromEntries(
        comparison.measures.map((measure) => {
          const { baseline, mean, delta, ci95, p, pAdjusted, wins, losses, ties } = run.measures[measure]!;
          return [measure, { baseline, mean, delta, ci95, p, pAdjusted, wins, losses, ties }];
        }),
      ),
    })),
  };
}

/** How the numbers were made, for the table's header. */
export type ComparisonSettings = {
  qrelsName: string;
  /** e.g. "paired randomization test (10,000 permutations, seed 1)" (describeTest). */
  test: string;
  alpha: number;
};

/**
 * `goldenset compare` without `--json`: a header saying what the numbers stand on, then one
 * aligned table per measure — the baseline's mean, each run's mean, delta with its 95% CI, p,
 * Holm-adjusted p with `*` when it is ≤ alpha, and wins/losses/ties. Values have trec_eval's
 * four decimals.
 */
export function formatComparisonTable(comparison: TrecFileComparison, settings: ComparisonSettings): string {
  const tests = comparison.runs.length * comparison.measures.length;
  const lines = [
    `Baseline ${comparison.baselineName}, ${plural(comparison.queries, "query", "queries")} ` +
      `(every query of ${settings.qrelsName}; a run scores 0 on a query it lacks)`,
    `${capitalize(settings.test)}; p adjusted by Holm over ${plural(tests, "comparison")}; ` +
      `* adjusted p ≤ ${settings.alpha}; W/L/T: queries where the run is better/worse/equal`,
  ];
  const header = ["run", "mean", "delta", "95% CI", "p", "p (Holm)", "", "W/L/T"];
  const tables = comparison.measures.map((measure) => {
    const first = comparison.runs[0]?.measures[measure];
    const rows: string[][] = [
      header,
      [comparison.baselineName, first ? fixed(first.baseline) : "", "baseline", "", "", "", "", ""],
    ];
    for (const run of comparison.runs) {
      const result = run.measures[measure]!;
      rows.push([
        run.name,
        fixed(result.mean),
        signed(result.delta),
        result.ci95 ? `[${signed(result.ci95[0])}, ${signed(result.ci95[1])}]` : "n/a",
        pValue(result.p),
        pValue(result.pAdjusted),
        result.significant ? "*" : "",
        `${result.wins}/${result.losses}/${result.ties}`,
      ]);
    }
    return rows;
  });
  // One set of column widths for every table, so that the tables line up under each other.
  const aligned = alignColumns(tables.flat(), [false, true, true, false, true, true, false, true]);
  comparison.measures.forEach((measure, index) => {
    const start = index * (comparison.runs.length + 2);
    lines.push("", measure, ...aligned.slice(start, start + comparison.runs.length + 2));
  });
  return `${lines.join("\n")}\n`;
}

/** Pads each column to its widest cell (left- or right-aligned), two spaces between columns. */
function alignColumns(rows: string[][], alignRight: boolean[]): string[] {
  const widths = alignRight.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    `  ${row
      .map((cell, column) =>
        alignRight[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join("  ")}`.trimEnd(),
  );
}

export function fixed(value: number): string {
  return value.toFixed(4);
}

export function signed(value: number): string {
  const text = value.toFixed(4);
  return value > 0 && text !== "0.0000" ? `+${text}` : text === "-0.0000" ? "0.0000" : text;
}

export function pValue(value: number | null): string {
  if (value === null) return "n/a";
  return value > 0 && value < 0.0001 ? "<0.0001" : value.toFixed(4);
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? singular : pluralForm}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

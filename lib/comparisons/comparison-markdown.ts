import type { Comparison } from "./build-comparison";
import { measureLabel } from "./compared-measures";
import { escapeMarkdown as cell } from "./escape-markdown";
import { describeTest, formatDelta, formatInterval, formatP, formatValue } from "./format-comparison";
import { describeVerdict } from "./run-verdict";

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The comparison as Markdown for a pull-request description: what was compared on how many
 * queries with which test; a table of each run's mean per measure, with the delta, its 95%
 * interval and the Holm-adjusted p (significant changes in bold); each run's verdict; and the
 * configuration changes against the baseline with their warnings.
 */
export function comparisonMarkdown(options: {
  setName: string;
  comparison: Comparison;
  alpha?: number;
}): string {
  const { comparison, setName } = options;
  const alpha = options.alpha ?? 0.05;
  const [baseline, ...runs] = comparison.runs;
  if (!baseline) return "";
  const results = new Map(comparison.results.map((result) => [result.runId, result]));
  const lines: string[] = [];
  lines.push(`### Retrieval comparison on ${cell(setName)}`);
  lines.push("");
  lines.push(
    `Baseline **${cell(baseline.name)}** (${cell(baseline.summary)}). ${capitalize(describeTest(comparison))} per measure, ` +
      `Holm-adjusted over ${runs.length} ${runs.length === 1 ? "run" : "runs"} × ${comparison.measures.length} measures; ` +
      `**bold**: significant at α = ${alpha}.`,
  );
  lines.push("");
  lines.push(`| Run | Queries | ${comparison.measures.map(measureLabel).join(" | ")} | Verdict |`);
  lines.push(`| --- | ---: | ${comparison.measures.map(() => "---:").join(" | ")} | --- |`);
  const firstResult = comparison.results[0];
  lines.push(
    `| ${cell(baseline.name)} (baseline) | ${baseline.evaluated} | ${comparison.measures
      .map((measure) => formatValue(firstResult?.measures[measure]?.baseline))
      .join(" | ")} | |`,
  );
  for (const run of runs) {
    const result = results.get(run.id);
    const cells = comparison.measures.map((measure) => {
      const entry = result?.measures[measure];
      if (!entry) return "–";
      const delta = `${formatDelta(entry.delta)}`;
      return `${formatValue(entry.mean)} (${entry.significant ? `**${delta}**` : delta}, p (Holm) ${formatP(entry.pAdjusted)})`;
    });
    lines.push(
      `| ${cell(run.name)} | ${result?.queries ?? 0} | ${cells.join(" | ")} | ${result ? describeVerdict(result.verdict) : ""} |`,
    );
  }
  lines.push("");
  lines.push("95% bootstrap intervals of the deltas:");
  for (const run of runs) {
    const result = results.get(run.id);
    const intervals = comparison.measures
      .map((measure) => `${measureLabel(measure)} ${formatInterval(result?.measures[measure]?.ci95)}`)
      .join("; ");
    lines.push(`- ${cell(run.name)}: ${intervals}`);
  }
  lines.push("");
  lines.push("**Configuration against the baseline**");
  lines.push("");
  for (const config of comparison.configs) {
    const run = runs.find((candidate) => candidate.id === config.runId);
    const changes =
      config.changes.length === 0
        ? "same configuration"
        : config.changes
            .map(
              (change) => `\`${change.path}\` ${cell(String(change.before))} → ${cell(String(change.after))}`,
            )
            .join("; ");
    lines.push(`- ${cell(run?.name ?? config.runId)}: ${changes}`);
    for (const warning of config.warnings) lines.push(`  - ⚠ ${cell(warning.message)}`);
  }
  return `${lines.join("\n")}\n`;
}

import { compareRunSettings, type RunSettings } from "@/lib/comparisons/compare-run-settings";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { db } from "@/lib/db/client";
import { type getRun, loadMeanResultChars } from "@/lib/db/runs";
import { parseRunMetrics, parseRunResolution, scoringModeSchema } from "@/lib/eval/run-report-schema";
import { nameOf } from "./run-page-data";

type RunRow = Awaited<ReturnType<typeof getRun>>;

/**
 * What changed from the compared run to this one and the warnings that qualify the comparison
 * (`compareRunSettings`, as the comparison page says it), text per result included.
 */
export async function compareRunWith(options: { run: RunRow; against: RunRow; sharedQueries: number }) {
  const { run, against } = options;
  const meanChars = await loadMeanResultChars(db(), [run.id, against.id]);
  const settings = (entry: RunRow): RunSettings => ({
    name: nameOf(entry),
    config: retrievalConfigSchema.parse(entry.config.params),
    mode: scoringModeSchema.catch("label").parse(entry.mode),
    coverage: entry.coverage,
    setVersion: entry.goldenSetVersion.number,
    resolution: parseRunResolution(entry.resolution)?.counts ?? null,
    judgedAt10: parseRunMetrics(entry.metrics)?.judged?.["10"] ?? null,
    meanResultChars: meanChars.get(entry.id) ?? null,
  });
  return compareRunSettings({
    baseline: settings(against),
    run: settings(run),
    sharedQueries: options.sharedQueries,
  });
}

import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { Alert } from "@/components/ui/alert";
import { Card, CardHeader } from "@/components/ui/card";
import type { Comparison } from "@/lib/comparisons/build-comparison";
import { RunName } from "./run-swatch";

/**
 * What each run changed against the baseline, one row per setting (a switched retriever or
 * chunking strategy is one setting), with the warnings that say when the numbers do not compare
 * like for like.
 */
export function ConfigChanges({ comparison, csv }: { comparison: Comparison; csv: string }) {
  const [baseline, ...runs] = comparison.runs;
  const configs = new Map(comparison.configs.map((config) => [config.runId, config]));
  const warningCount = comparison.configs.reduce((sum, config) => sum + config.warnings.length, 0);
  return (
    <Card data-testid="config-diff">
      <CardHeader
        title="Configuration against the baseline"
        description={
          baseline ? (
            <>
              Baseline: {baseline.summary} · {baseline.scoring} · set version {baseline.setVersion}
              {warningCount > 0 ? ` · ${warningCount} ${warningCount === 1 ? "warning" : "warnings"}` : ""}
            </>
          ) : null
        }
        actions={<DownloadCsvButton csv={csv} fileName="configuration-diff.csv" testId="config-csv" />}
      />
      <div className="divide-y divide-zinc-100">
        {runs.map((run) => {
          const config = configs.get(run.id);
          return (
            <div
              key={run.id}
              className="grid gap-2 px-4 py-2.5 lg:grid-cols-[14rem_minmax(0,1fr)]"
              data-testid="config-run"
              data-run-id={run.id}
            >
              <RunName id={run.id} name={run.name} ordinal={run.ordinal} className="text-sm" />
              <div className="min-w-0 space-y-1.5">
                {config && config.changes.length > 0 ? (
                  <ul className="space-y-0.5 text-xs">
                    {config.changes.map((change) => (
                      <li
                        key={change.path}
                        className="flex min-w-0 items-baseline gap-2 font-mono"
                        data-testid="config-change"
                      >
                        <span className="w-36 shrink-0 truncate text-zinc-500" title={change.path}>
                          {change.path}
                        </span>
                        <span className="min-w-0 truncate text-zinc-400 line-through" title={change.before}>
                          {change.before}
                        </span>
                        <span aria-hidden="true" className="shrink-0 text-zinc-400">
                          →
                        </span>
                        <span className="min-w-0 truncate text-zinc-900" title={change.after}>
                          {change.after}
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-xs text-zinc-500">Same configuration and scoring as the baseline.</p>
                )}
                {config?.warnings.map((warning) => (
                  <Alert
                    key={warning.kind}
                    tone="warning"
                    compact
                    data-testid={`config-warning-${warning.kind}`}
                  >
                    {warning.message}
                  </Alert>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </Card>
  );
}

import { NoiseBadge } from "@/components/runs/noise-badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { formatValue } from "@/lib/comparisons/format-comparison";
import type { listRuns } from "@/lib/db/runs";
import { NOISE_FLOOR_QUERIES, parseRunMetrics } from "@/lib/eval/run-report-schema";

type OverviewRun = Awaited<ReturnType<typeof listRuns>>[number];

/**
 * The overview's latest runs: Recall@5, MRR and how many queries each evaluated (marked below
 * the noise floor); with none, where runs come from (`hasSets`: whether a set exists to run on).
 */
export function OverviewRunsCard({ runs, hasSets }: { runs: OverviewRun[]; hasSets: boolean }) {
  return (
    <Card>
      <CardHeader
        title="Latest runs"
        description="Recall@5 is the number to watch; MRR shows rank-order changes."
        actions={
          <Link href="/runs" className="text-xs font-medium text-zinc-600 hover:text-zinc-900">
            All runs →
          </Link>
        }
      />
      {runs.length === 0 ? (
        <div className="p-4">
          <EmptyState
            title="No evaluation runs yet"
            description={
              !hasSets
                ? "Runs evaluate a retrieval configuration against a golden set. Create and label a set first."
                : "Open a golden set and click Evaluate to score a retrieval configuration against it."
            }
            action={
              <ButtonLink href="/sets" size="sm">
                Go to golden sets
              </ButtonLink>
            }
          />
        </div>
      ) : (
        <Table>
          <THead>
            <tr>
              <Th>Run</Th>
              <Th>Status</Th>
              <Th numeric>Recall@5</Th>
              <Th numeric>MRR</Th>
              <Th numeric>Queries</Th>
            </tr>
          </THead>
          <TBody>
            {runs.map((run) => {
              const metrics = parseRunMetrics(run.metrics);
              return (
                <Tr key={run.id}>
                  <Td>
                    <Link href={`/runs/${run.id}`} className="font-medium text-zinc-900 hover:underline">
                      {run.config.name}{" "}
                      <span className="font-normal text-zinc-500">v{run.config.version}</span>
                    </Link>
                    <div className="text-xs text-zinc-500">
                      {run.goldenSet.name} v{run.goldenSetVersion.number} · {formatDateTime(run.createdAt)}
                    </div>
                  </Td>
                  <Td>
                    <StatusBadge status={run.status} />
                  </Td>
                  <Td numeric className="font-medium">
                    {formatValue(metrics?.recall["5"])}
                  </Td>
                  <Td numeric>{formatValue(metrics?.mrr)}</Td>
                  <Td numeric className="text-zinc-500">
                    {metrics ? (
                      <span
                        className={metrics.evaluated < NOISE_FLOOR_QUERIES ? "text-brand-700" : undefined}
                        title={
                          metrics.evaluated < NOISE_FLOOR_QUERIES
                            ? `numbers are noisy below ${NOISE_FLOOR_QUERIES} evaluated queries`
                            : undefined
                        }
                      >
                        <NoiseBadge evaluated={metrics.evaluated} className="mr-1" />
                        {formatCount(metrics.evaluated)}
                        {metrics.excluded > 0 ? ` (+${formatCount(metrics.excluded)} excluded)` : ""}
                      </span>
                    ) : (
                      "–"
                    )}
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
      )}
    </Card>
  );
}

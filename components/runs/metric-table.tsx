import Link from "next/link";
import { cx } from "@/components/ui/cx";
import { formatDateTime } from "@/components/ui/format-date";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { bestMetricValues, formatMetric, isBest, type RunMetrics } from "./metric-best";
import { NoiseBadge } from "./noise-badge";

export type MetricTableRow = {
  id: string;
  name: string;
  href: string;
  status: string;
  /** Null while the run has not finished (or failed). */
  metrics: RunMetrics | null;
  /** ISO 8601 timestamp. */
  createdAt: string;
};

type MetricTableProps = { rows: MetricTableRow[]; ks: number[] };

/** Runs side by side: recall@k and MRR together, the best value of each column in bold. */
export function MetricTable({ rows, ks }: MetricTableProps) {
  const best = bestMetricValues(
    rows.map((row) => row.metrics),
    ks,
  );
  return (
    <Table data-testid="metric-table">
      <THead>
        <tr>
          <Th>Run</Th>
          {ks.map((k) => (
            <Th key={k} numeric>
              recall@{k}
            </Th>
          ))}
          <Th numeric>MRR</Th>
          <Th numeric title="Queries with relevant labels, in the means">
            Evaluated
          </Th>
          <Th numeric title="Queries without relevant labels, left out of the means">
            Excluded
          </Th>
          <Th>Created</Th>
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <tr>
            <Td colSpan={ks.length + 5} align="center" className="text-xs text-zinc-500">
              No runs yet. Start an evaluation to compare configurations here.
            </Td>
          </tr>
        ) : null}
        {rows.map((row) => {
          const metrics = row.metrics;
          return (
            <Tr key={row.id} data-testid="metric-row" data-run-id={row.id}>
              <Td className="max-w-[22rem]">
                <div className="flex items-center gap-2">
                  <Link
                    href={row.href}
                    className="truncate rounded font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  >
                    {row.name}
                  </Link>
                  {row.status !== "succeeded" ? <StatusBadge status={row.status} /> : null}
                </div>
              </Td>
              {ks.map((k) => {
                const value = metrics?.recall[String(k)];
                const top = isBest(value, best.recall[String(k)] ?? null);
                return (
                  <Td
                    key={k}
                    numeric
                    data-testid={`metric-recall-${k}`}
                    className={cx(top && "font-semibold text-zinc-950")}
                  >
                    {formatMetric(value)}
                  </Td>
                );
              })}
              <Td
                numeric
                data-testid="metric-mrr"
                className={cx(isBest(metrics?.mrr, best.mrr) && "font-semibold text-zinc-950")}
              >
                {formatMetric(metrics?.mrr)}
              </Td>
              <Td numeric data-testid="metric-evaluated" className="whitespace-nowrap text-zinc-600">
                {metrics ? <NoiseBadge evaluated={metrics.evaluated} className="mr-1" /> : null}
                {metrics ? metrics.evaluated : "–"}
              </Td>
              <Td
                numeric
                data-testid="metric-excluded"
                className={cx(metrics && metrics.excluded > 0 ? "text-brand-700" : "text-zinc-400")}
              >
                {metrics ? metrics.excluded : "–"}
              </Td>
              <Td className="whitespace-nowrap text-xs text-zinc-500 tabular-nums">
                {formatDateTime(row.createdAt)}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

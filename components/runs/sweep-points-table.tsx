import { Card, CardHeader } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { formatScore } from "@/lib/eval/describe-run-report";
import type { RunMetrics } from "@/lib/eval/run-report-schema";
import { NoiseBadge } from "./noise-badge";

/** A sweep point as the page shows it: its run, its axis values and its metrics (null until evaluated). */
export type SweepPointRow = {
  id: string;
  status: string;
  error: string | null;
  values: Record<string, unknown>;
  configName: string;
  metrics: RunMetrics | null;
  recallAt5: number | null;
  mrr: number | null;
};

/** How long an error may be in a row; the whole message is its tooltip. */
const ERROR_PREVIEW_CHARACTERS = 80;

/** One row per point of a sweep, in evaluation order, each linking to its run. */
export function SweepPointsTable({
  axes,
  points,
}: {
  axes: readonly { path: string }[];
  points: SweepPointRow[];
}) {
  return (
    <Card>
      <CardHeader title="Points" description="One run per point, evaluated in this order." />
      <Table data-testid="sweep-points">
        <THead>
          <Tr>
            <Th>#</Th>
            {axes.map((axis) => (
              <Th key={axis.path}>{axis.path}</Th>
            ))}
            <Th>Status</Th>
            <Th numeric>recall@5</Th>
            <Th numeric>MRR</Th>
            <Th numeric>nDCG@10</Th>
            <Th>Run</Th>
          </Tr>
        </THead>
        <TBody>
          {points.map((point, index) => (
            <Tr key={point.id} data-testid="sweep-point" data-status={point.status}>
              <Td className="text-xs text-zinc-500 tabular-nums">{index + 1}</Td>
              {axes.map((axis) => (
                <Td key={axis.path} className="font-mono text-xs">
                  {String(point.values[axis.path] ?? "—")}
                </Td>
              ))}
              <Td>
                <StatusBadge status={point.status} />
                {point.error ? (
                  <span className="ml-2 text-red-700 text-xs" title={point.error}>
                    {point.error.slice(0, ERROR_PREVIEW_CHARACTERS)}
                  </span>
                ) : null}
              </Td>
              <Td numeric className="whitespace-nowrap">
                {point.metrics ? <NoiseBadge evaluated={point.metrics.evaluated} className="mr-1" /> : null}
                {formatScore(point.recallAt5)}
              </Td>
              <Td numeric>{formatScore(point.mrr)}</Td>
              <Td numeric>{formatScore(point.metrics?.ndcg?.[10])}</Td>
              <Td>
                <Link className="text-xs hover:underline" href={`/runs/${point.id}`}>
                  {point.configName}
                </Link>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

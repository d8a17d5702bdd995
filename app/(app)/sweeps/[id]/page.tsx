import type { Metadata } from "next";
import Link from "next/link";
import { JobProgress } from "@/components/jobs/job-progress";
import { NoiseBadge } from "@/components/runs/noise-badge";
import { sweepHeatmapData } from "@/components/runs/sweep-chart-data";
import { SweepLineChart } from "@/components/runs/sweep-line-chart";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { requirePageUser } from "@/lib/auth/session";
import { describeConfig, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { db } from "@/lib/db/client";
import { getSweep } from "@/lib/db/sweeps";
import { noiseWarning } from "@/lib/eval/run-report-schema";

export const metadata: Metadata = { title: "Sweep" };

function fixed(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : value.toFixed(3);
}

export default async function SweepPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ skipped?: string }>;
}) {
  await requirePageUser();
  const { id } = await params;
  const { skipped } = await searchParams;
  const sweep = await getSweep(db(), id);
  const base = retrievalConfigSchema.safeParse(sweep.baseConfig);
  const points = sweep.runs.map((run) => ({
    ...run,
    runId: run.id,
    recallAt5: run.metrics?.recall[5] ?? null,
    mrr: run.metrics?.mrr ?? null,
  }));
  const [firstAxis, secondAxis] = sweep.axes;
  const evaluated = points.some((point) => point.recallAt5 !== null);
  const heatmap =
    firstAxis && secondAxis && sweep.axes.length === 2
      ? sweepHeatmapData([firstAxis, secondAxis], points)
      : null;
  // Every point evaluates the same set version; the smallest count speaks for the sweep.
  const evaluatedCounts = points.flatMap((point) => (point.metrics ? [point.metrics.evaluated] : []));
  const warning = evaluatedCounts.length > 0 ? noiseWarning(Math.min(...evaluatedCounts)) : undefined;
  const active = sweep.job && (sweep.job.status === "queued" || sweep.job.status === "running");

  return (
    <div className="space-y-4">
      <PageHeader
        title={sweep.name}
        description={`${points.length} points over ${sweep.axes.map((axis) => axis.path).join(" × ")}${base.success ? ` · base ${describeConfig(base.data)}` : ""}`}
        breadcrumbs={[
          { href: "/runs", label: "Runs" },
          { href: `/sets/${sweep.goldenSet.id}/runs`, label: sweep.goldenSet.name },
        ]}
        actions={sweep.job ? <StatusBadge status={sweep.job.status} data-testid="sweep-status" /> : null}
      />
      {warning ? (
        <Alert tone="warning" data-testid="noise-warning">
          {warning}
        </Alert>
      ) : null}
      {skipped ? <Alert tone="info">{skipped} invalid points of the grid were skipped.</Alert> : null}
      {sweep.job && active ? (
        <Card>
          <CardBody>
            <JobProgress jobId={sweep.job.id} />
          </CardBody>
        </Card>
      ) : null}
      {sweep.job?.status === "failed" ? (
        <Alert tone="error" title="The sweep failed" data-testid="sweep-error">
          {sweep.job.error}
        </Alert>
      ) : null}
      {evaluated && firstAxis && sweep.axes.length === 1 ? (
        <Card>
          <CardHeader title={`recall@5 and MRR by ${firstAxis.path}`} />
          <CardBody>
            <SweepLineChart
              axisLabel={firstAxis.path}
              points={points.map((point) => ({ ...point, value: point.values[firstAxis.path] ?? "" }))}
            />
          </CardBody>
        </Card>
      ) : null}
      {evaluated && heatmap ? (
        <Card data-testid="sweep-heatmap">
          <CardHeader
            title={`recall@5: ${heatmap.rowAxis.path} × ${heatmap.columnAxis.path}`}
            description="The best cell is bold; a dash is a skipped, failed or unfinished point."
          />
          <Table>
            <THead>
              <Tr>
                <Th>
                  {heatmap.rowAxis.path} \ {heatmap.columnAxis.path}
                </Th>
                {heatmap.columnAxis.values.map((value) => (
                  <Th key={String(value)} numeric>
                    {String(value)}
                  </Th>
                ))}
              </Tr>
            </THead>
            <TBody>
              {heatmap.cells.map((row, rowIndex) => (
                <Tr key={String(heatmap.rowAxis.values[rowIndex])}>
                  <Th scope="row">{String(heatmap.rowAxis.values[rowIndex])}</Th>
                  {row.map((cell, columnIndex) => (
                    <Td
                      key={String(heatmap.columnAxis.values[columnIndex])}
                      numeric
                      className={
                        cell?.recallAt5 !== null && cell?.recallAt5 === heatmap.best ? "font-semibold" : ""
                      }
                      style={
                        cell?.recallAt5 == null
                          ? undefined
                          : {
                              backgroundColor: `rgba(217, 119, 6, ${(0.08 + 0.5 * cell.recallAt5).toFixed(2)})`,
                            }
                      }
                    >
                      {cell ? <Link href={`/runs/${cell.runId}`}>{fixed(cell.recallAt5)}</Link> : "—"}
                    </Td>
                  ))}
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
      ) : null}
      <Card>
        <CardHeader title="Points" description="One run per point, evaluated in this order." />
        <Table data-testid="sweep-points">
          <THead>
            <Tr>
              <Th>#</Th>
              {sweep.axes.map((axis) => (
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
                {sweep.axes.map((axis) => (
                  <Td key={axis.path} className="font-mono text-xs">
                    {String(point.values[axis.path] ?? "—")}
                  </Td>
                ))}
                <Td>
                  <StatusBadge status={point.status} />
                  {point.error ? (
                    <span className="ml-2 text-red-700 text-xs" title={point.error}>
                      {point.error.slice(0, 80)}
                    </span>
                  ) : null}
                </Td>
                <Td numeric className="whitespace-nowrap">
                  {point.metrics ? <NoiseBadge evaluated={point.metrics.evaluated} className="mr-1" /> : null}
                  {fixed(point.recallAt5)}
                </Td>
                <Td numeric>{fixed(point.mrr)}</Td>
                <Td numeric>{fixed(point.metrics?.ndcg?.[10])}</Td>
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
    </div>
  );
}

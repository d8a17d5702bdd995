import type { Metadata } from "next";
import Link from "next/link";
import { MetricTable } from "@/components/runs/metric-table";
import { NoiseBadge } from "@/components/runs/noise-badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { requirePageUser } from "@/lib/auth/session";
import { REPORTED_KS } from "@/lib/configs/config-schema";
import { db } from "@/lib/db/client";
import { listRuns } from "@/lib/db/runs";
import { listSweeps } from "@/lib/db/sweeps";
import { parseRunMetrics } from "@/lib/eval/run-report-schema";

export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage() {
  await requirePageUser();
  const runs = await listRuns(db(), { take: 200 });
  const sweeps = await listSweeps(db(), { take: 20 });
  return (
    <div>
      <PageHeader
        title="Runs"
        description="Every evaluation, newest first. Open a golden set's Evaluate tab to start one."
      />
      {sweeps.length ? (
        <Card className="mb-4" data-testid="sweeps">
          <CardHeader title="Sweeps" description="Grids of runs evaluated as one job." />
          <Table>
            <THead>
              <Tr>
                <Th>Sweep</Th>
                <Th>Axes</Th>
                <Th>Status</Th>
                <Th numeric>Points</Th>
                <Th numeric>Best recall@5</Th>
              </Tr>
            </THead>
            <TBody>
              {sweeps.map((sweep) => {
                const recalls = sweep.runs.flatMap((run) => run.metrics?.recall[5] ?? []);
                const evaluated = sweep.runs.flatMap((run) => (run.metrics ? [run.metrics.evaluated] : []));
                const failed = sweep.runs.filter((run) => run.status === "failed").length;
                return (
                  <Tr key={sweep.id}>
                    <Td>
                      <Link className="hover:underline" href={`/sweeps/${sweep.id}`}>
                        {sweep.goldenSet.name} · {sweep.name}
                      </Link>
                    </Td>
                    <Td className="font-mono text-xs">{sweep.axes.map((axis) => axis.path).join(" × ")}</Td>
                    <Td>{sweep.job ? <StatusBadge status={sweep.job.status} /> : "—"}</Td>
                    <Td numeric>
                      {sweep.runs.length}
                      {failed ? ` (${failed} failed)` : ""}
                    </Td>
                    <Td numeric className="whitespace-nowrap">
                      {evaluated.length ? (
                        <NoiseBadge evaluated={Math.min(...evaluated)} className="mr-1" />
                      ) : null}
                      {recalls.length ? Math.max(...recalls).toFixed(3) : "—"}
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
        </Card>
      ) : null}
      <Card>
        {runs.length ? (
          <MetricTable
            ks={[...REPORTED_KS]}
            rows={runs.map((run) => ({
              id: run.id,
              name: `${run.goldenSet.name} · ${run.config.name} v${run.config.version}`,
              href: `/runs/${run.id}`,
              status: run.status,
              metrics: parseRunMetrics(run.metrics),
              createdAt: run.createdAt.toISOString(),
            }))}
          />
        ) : (
          <EmptyState
            title="No runs yet"
            description="Open a golden set and choose Evaluate to run BM25 against its labels."
          />
        )}
      </Card>
    </div>
  );
}

import type { Metadata } from "next";
import { MetricTable } from "@/components/runs/metric-table";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { REPORTED_KS } from "@/lib/configs/config-schema";
import { db } from "@/lib/db/client";
import { listRuns } from "@/lib/db/runs";
import { parseRunMetrics } from "@/lib/runs/run-report-schema";

export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage() {
  await requirePageUser();
  const runs = await listRuns(db(), { take: 200 });
  return (
    <div>
      <PageHeader
        title="Runs"
        description="Every evaluation, newest first. Open a golden set's Evaluate tab to start one."
      />
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

import type { Metadata } from "next";
import { CompareRunsLink } from "@/components/compare/compare-runs-link";
import { JobProgress } from "@/components/jobs/job-progress";
import { MetricTable } from "@/components/runs/metric-table";
import { RecallChart } from "@/components/runs/recall-chart";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import {
  defaultRetrievalConfig,
  describeConfig,
  REPORTED_KS,
  retrievalConfigSchema,
} from "@/lib/configs/config-schema";
import { retrieverFormFields } from "@/lib/configs/retriever-form-fields";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { listRuns } from "@/lib/db/runs";
import { outboundAllowListSetting } from "@/lib/env";
import { noiseWarning, parseRunMetrics } from "@/lib/eval/run-report-schema";
import { parseOutboundAllowList } from "@/lib/retrieval/providers/check-outbound-url";
import { orNotFound } from "../../../page-helpers";
import { EvaluateForm } from "./evaluate-form";

export const metadata: Metadata = { title: "Evaluate" };

export default async function SetRunsPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  const set = await orNotFound(getGoldenSet(db(), id));
  const runs = await listRuns(db(), { setId: id });
  const rows = runs.map((run) => ({
    id: run.id,
    name: `${run.config.name} v${run.config.version}`,
    href: `/runs/${run.id}`,
    status: run.status,
    metrics: parseRunMetrics(run.metrics),
    createdAt: run.createdAt.toISOString(),
  }));
  const finished = rows.filter((row) => row.metrics);
  const active = runs.filter((run) => run.job && (run.status === "queued" || run.status === "running"));
  const latestConfig = runs[0] ? retrievalConfigSchema.parse(runs[0].config.params) : defaultRetrievalConfig;
  const evaluated = finished[0]?.metrics?.evaluated ?? 0;

  return (
    <div>
      <PageHeader
        title="Evaluate"
        description={`BM25, dense (built-in LSA or your embeddings endpoint), hybrid, your own search endpoint or an uploaded run file — optionally reranked — scored against ${set.name}'s labels: recall@k and MRR together, with 95% intervals on each run's page.`}
        breadcrumbs={[
          { href: "/sets", label: "Golden sets" },
          { href: `/sets/${set.id}`, label: set.name },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="space-y-4">
          {active.map((run) => (
            <Card key={run.id}>
              <CardBody>
                <p className="mb-2 text-xs text-zinc-500">
                  {run.config.name} · {describeConfig(retrievalConfigSchema.parse(run.config.params))}
                </p>
                <JobProgress jobId={run.job!.id} />
              </CardBody>
            </Card>
          ))}
          <Card>
            <CardHeader title="Recall@k by run" description="Fix k and change one thing at a time." />
            <CardBody>
              {finished.length ? (
                <RecallChart
                  runs={finished
                    .slice(0, 8)
                    .map((row) => ({ id: row.id, name: row.name, recall: row.metrics!.recall }))}
                  ks={[...REPORTED_KS]}
                  noiseWarning={noiseWarning(evaluated)}
                />
              ) : (
                <EmptyState
                  title="No finished runs yet"
                  description="Run an evaluation to see recall@k per configuration."
                />
              )}
            </CardBody>
          </Card>
          <Card>
            <CardHeader
              title="Runs"
              description="Recall@k and MRR, always together."
              actions={<CompareRunsLink setId={set.id} />}
            />
            <MetricTable rows={rows} ks={[...REPORTED_KS]} />
          </Card>
        </div>
        <Card className="self-start">
          <CardHeader title="New run" description={describeConfig(latestConfig)} />
          <CardBody>
            {can(user.role, "evaluate") ? (
              <EvaluateForm
                setId={set.id}
                allowList={parseOutboundAllowList(outboundAllowListSetting())}
                defaults={{
                  name: runs[0]?.config.name ?? "BM25 baseline",
                  strategy: latestConfig.chunking.strategy,
                  chunkSize: latestConfig.chunking.size,
                  chunkOverlap: latestConfig.chunking.overlap,
                  topK: latestConfig.topK,
                  scoreThreshold: latestConfig.scoreThreshold,
                  ...retrieverFormFields(latestConfig.retriever, latestConfig.reranker),
                  coverage: 1,
                }}
              />
            ) : (
              <p className="text-sm text-zinc-500">
                Engineers and admins run evaluations; your role is {user.role}.
              </p>
            )}
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { JobProgress } from "@/components/jobs/job-progress";
import { RecallChart } from "@/components/runs/recall-chart";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { requirePageUser } from "@/lib/auth/session";
import { describeConfig, REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { db } from "@/lib/db/client";
import { getRun } from "@/lib/db/runs";
import { noiseWarning, parseRunMetrics, parseRunResolution } from "@/lib/runs/run-report-schema";

export const metadata: Metadata = { title: "Run" };

const resolutionStates = [
  "exact",
  "relocated",
  "fuzzy",
  "ambiguous",
  "orphaned",
  "split",
  "document",
  "missing-document",
];

function fixed(value: number | undefined): string {
  return value === undefined ? "—" : value.toFixed(3);
}

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  const run = await getRun(db(), id);
  const config = retrievalConfigSchema.parse(run.config.params);
  const metrics = parseRunMetrics(run.metrics);
  const resolution = parseRunResolution(run.resolution);
  const perQuery = [...run.queryMetrics].sort((a, b) => a.query.position - b.query.position);
  const warning = metrics ? noiseWarning(metrics.evaluated) : undefined;

  return (
    <div className="space-y-4">
      <PageHeader
        title={`${run.config.name} v${run.config.version}`}
        description={`${describeConfig(config)} · coverage θ ${run.coverage} · set version ${run.goldenSetVersion.number}`}
        breadcrumbs={[
          { href: "/runs", label: "Runs" },
          { href: `/sets/${run.goldenSet.id}/runs`, label: run.goldenSet.name },
        ]}
        actions={<StatusBadge status={run.status} data-testid="run-status" />}
      />
      {run.job && (run.status === "queued" || run.status === "running") ? (
        <Card>
          <CardBody>
            <JobProgress jobId={run.job.id} />
          </CardBody>
        </Card>
      ) : null}
      {run.status === "failed" ? (
        <Alert tone="error" title="The run failed" data-testid="run-error">
          {run.error}
        </Alert>
      ) : null}
      {metrics ? (
        <>
          {warning ? <Alert tone="warning">{warning}</Alert> : null}
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
            {REPORTED_KS.map((k) => (
              <Stat
                key={k}
                label={`recall@${k}`}
                value={fixed(metrics.recall[k])}
                data-testid={`run-recall-${k}`}
              />
            ))}
            <Stat label="MRR" value={fixed(metrics.mrr)} data-testid="run-mrr" />
            <Stat
              label="queries"
              value={String(metrics.evaluated)}
              hint={`${metrics.excluded} without relevant labels excluded`}
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader title="Recall@k" />
              <CardBody>
                <RecallChart
                  runs={[{ id: run.id, name: run.config.name, recall: metrics.recall }]}
                  ks={[...REPORTED_KS]}
                />
              </CardBody>
            </Card>
            <Card data-testid="resolution-report">
              <CardHeader
                title="Label resolution"
                description="How each label of the set version landed in the current documents and chunks. Orphaned labels are excluded and listed, never scored as misses."
              />
              <CardBody>
                <div className="flex flex-wrap gap-2">
                  {resolutionStates.map((state) => (
                    <Badge
                      key={state}
                      tone={
                        state === "orphaned" || state === "missing-document"
                          ? "red"
                          : state === "exact"
                            ? "green"
                            : "amber"
                      }
                    >
                      {state} <span className="ml-1 tabular-nums">{resolution?.counts[state] ?? 0}</span>
                    </Badge>
                  ))}
                </div>
                {resolution && resolution.labels.length > 0 ? (
                  <Table className="mt-3">
                    <THead>
                      <Tr>
                        <Th>Label</Th>
                        <Th>State</Th>
                        <Th>Quote</Th>
                      </Tr>
                    </THead>
                    <TBody>
                      {resolution.labels.slice(0, 200).map((label) => (
                        <Tr key={label.id}>
                          <Td className="whitespace-nowrap font-mono text-xs">{label.id}</Td>
                          <Td>
                            {label.state}
                            {label.split ? " · split" : ""}
                          </Td>
                          <Td className="max-w-md truncate text-zinc-600">
                            {label.exact ?? "(whole document)"}
                          </Td>
                        </Tr>
                      ))}
                    </TBody>
                  </Table>
                ) : null}
              </CardBody>
            </Card>
          </div>
          <Card>
            <CardHeader
              title="Per query"
              description="Sorted as in the set. A dash: no relevant labels, excluded from the means."
            />
            <Table>
              <THead>
                <Tr>
                  <Th>#</Th>
                  <Th>Query</Th>
                  {REPORTED_KS.map((k) => (
                    <Th key={k} numeric>
                      R@{k}
                    </Th>
                  ))}
                  <Th numeric>RR</Th>
                </Tr>
              </THead>
              <TBody>
                {perQuery.map((row) => {
                  const values = row.metrics as { recall?: Record<string, number>; reciprocalRank?: number };
                  return (
                    <Tr key={row.queryId}>
                      <Td className="font-mono text-xs text-zinc-500">{row.query.key}</Td>
                      <Td>
                        <Link
                          className="hover:underline"
                          href={`/sets/${run.goldenSet.id}/queries/${row.queryId}`}
                        >
                          {row.query.text}
                        </Link>
                      </Td>
                      {REPORTED_KS.map((k) => (
                        <Td key={k} numeric>
                          {row.excluded ? "—" : fixed(values.recall?.[k])}
                        </Td>
                      ))}
                      <Td numeric>{row.excluded ? "—" : fixed(values.reciprocalRank)}</Td>
                    </Tr>
                  );
                })}
              </TBody>
            </Table>
          </Card>
        </>
      ) : null}
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { JobProgress } from "@/components/jobs/job-progress";
import { ConfigDiff } from "@/components/runs/config-diff";
import { RecallChart } from "@/components/runs/recall-chart";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { labelStateSchema, labelStateTone } from "@/lib/anchor/label-state";
import { requirePageUser } from "@/lib/auth/session";
import { describeConfig, REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { diffConfigs } from "@/lib/configs/diff-configs";
import { db } from "@/lib/db/client";
import { getPreviousRun, getRun } from "@/lib/db/runs";
import {
  noiseWarning,
  parseRunMetrics,
  parseRunResolution,
  type RunMetrics,
} from "@/lib/eval/run-report-schema";

export const metadata: Metadata = { title: "Run" };

const severity: readonly string[] = labelStateSchema.options;

function orderBySeverity<T extends { state: string }>(labels: T[]): T[] {
  return [...labels].sort((a, b) => severity.indexOf(a.state) - severity.indexOf(b.state));
}

function interval(ci: { lower: number; upper: number } | undefined): string | undefined {
  return ci ? `95% CI ${ci.lower.toFixed(3)}–${ci.upper.toFixed(3)}` : undefined;
}

/** What the run could not use from an external system or a run file, or null when everything was used. */
function describeDroppedHits(metrics: RunMetrics): string | null {
  const parts = [
    metrics.unknownDocuments
      ? `${metrics.unknownDocuments} results named documents this corpus does not have`
      : "",
    metrics.unlocated ? `${metrics.unlocated} results' text could not be found in their document` : "",
    metrics.queriesWithoutResults
      ? `${metrics.queriesWithoutResults} queries of the set have no results in the file (scored as misses)`
      : "",
  ].filter(Boolean);
  return parts.length ? `${parts.join("; ")}.` : null;
}

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
  const previous = await getPreviousRun(db(), run);
  const changes = previous
    ? diffConfigs({ before: retrievalConfigSchema.parse(previous.config.params), after: config })
    : null;
  const dropped = metrics ? describeDroppedHits(metrics) : null;

  return (
    <div className="space-y-4">
      <PageHeader
        title={`${run.config.name} v${run.config.version}`}
        description={`${describeConfig(config)} · ${run.mode === "document" ? "document-level scoring" : `label-based, coverage θ ${run.coverage}`} · set version ${run.goldenSetVersion.number}`}
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
      {previous && changes ? (
        <Card>
          <CardBody>
            <ConfigDiff
              changes={changes}
              against={{
                href: `/runs/${previous.id}`,
                name: `${previous.config.name} v${previous.config.version}`,
              }}
            />
          </CardBody>
        </Card>
      ) : null}
      {metrics ? (
        <>
          {warning ? <Alert tone="warning">{warning}</Alert> : null}
          {dropped ? (
            <Alert tone="warning" data-testid="run-dropped-hits">
              {dropped}
            </Alert>
          ) : null}
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
            {REPORTED_KS.map((k) => (
              <Stat
                key={k}
                label={`recall@${k}`}
                value={fixed(metrics.recall[k])}
                hint={interval(metrics.ci?.[`recall@${k}`])}
                data-testid={`run-recall-${k}`}
              />
            ))}
            <Stat
              label="MRR"
              value={fixed(metrics.mrr)}
              hint={interval(metrics.ci?.mrr)}
              data-testid="run-mrr"
            />
            <Stat
              label="queries"
              value={String(metrics.evaluated)}
              hint={`${metrics.excluded} without relevant labels excluded`}
            />
          </div>
          {metrics.ndcg ? (
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-7">
              {[5, 10].map((k) => (
                <Stat
                  key={`ndcg${k}`}
                  label={`nDCG@${k}`}
                  value={fixed(metrics.ndcg?.[k])}
                  hint={interval(metrics.ci?.[`ndcg@${k}`])}
                  data-testid={`run-ndcg-${k}`}
                />
              ))}
              <Stat label="P@5" value={fixed(metrics.precision?.[5])} />
              <Stat label="hit@1" value={fixed(metrics.hit?.[1])} />
              <Stat label="hit@5" value={fixed(metrics.hit?.[5])} />
              <Stat label="MAP" value={fixed(metrics.map)} hint={interval(metrics.ci?.map)} />
              <Stat
                label="chunks"
                value={String(metrics.chunks ?? "—")}
                hint={[
                  metrics.chunks === null ? "passages from the system" : "in the index",
                  metrics.meanReturned === undefined
                    ? ""
                    : `${metrics.meanReturned.toFixed(1)} returned per query`,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              />
            </div>
          ) : null}
          <div className="grid items-start gap-4 lg:grid-cols-2">
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
                  {[...labelStateSchema.options, "split" as const].map((state) => (
                    <Badge key={state} tone={state === "split" ? "amber" : labelStateTone(state)}>
                      {state} <span className="ml-1 tabular-nums">{resolution?.counts[state] ?? 0}</span>
                    </Badge>
                  ))}
                </div>
              </CardBody>
            </Card>
          </div>
          {resolution && resolution.labels.length > 0 ? (
            <Card data-testid="resolution-labels">
              <CardHeader
                title="Labels that did not resolve exactly"
                description="Relocated: the quote moved. Fuzzy: found with small edits. Orphaned: gone, excluded from the scores; re-anchor it on the labeling page."
              />
              <Table>
                <THead>
                  <Tr>
                    <Th>State</Th>
                    <Th>Label</Th>
                    <Th>Quote</Th>
                    <Th numeric>Was at</Th>
                    <Th numeric>Now at</Th>
                  </Tr>
                </THead>
                <TBody>
                  {orderBySeverity(resolution.labels)
                    .slice(0, 200)
                    .map((label) => (
                      <Tr key={label.id} data-testid="resolution-label" data-state={label.state}>
                        <Td>
                          <Badge tone={labelStateTone(label.state)}>{label.state}</Badge>
                          {label.split ? <Badge className="ml-1">split</Badge> : null}
                        </Td>
                        <Td className="whitespace-nowrap font-mono text-xs">
                          {label.id} · {label.document}
                        </Td>
                        <Td className="max-w-xl truncate text-zinc-600" title={label.exact ?? undefined}>
                          {label.exact ?? "(whole document)"}
                        </Td>
                        <Td numeric className="whitespace-nowrap text-xs">
                          {label.from ? `${label.from.start}–${label.from.end}` : "—"}
                        </Td>
                        <Td numeric className="whitespace-nowrap text-xs">
                          {label.to ? `${label.to.start}–${label.to.end}` : "—"}
                        </Td>
                      </Tr>
                    ))}
                </TBody>
              </Table>
            </Card>
          ) : null}
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

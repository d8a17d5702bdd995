import type { Metadata } from "next";
import Link from "next/link";
import { NoiseBadge } from "@/components/runs/noise-badge";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format-date";
import { PageHeader } from "@/components/ui/page-header";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Stat } from "@/components/ui/stat";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listCorpora } from "@/lib/db/corpora";
import { goldenSetProgress, listGoldenSets } from "@/lib/db/golden-sets";
import { listQueryLogs } from "@/lib/db/query-logs";
import { listRuns } from "@/lib/db/runs";
import { NOISE_FLOOR_QUERIES, parseRunMetrics } from "@/lib/eval/run-report-schema";
import { findNextTask } from "@/lib/queue/find-next-task";
import { NextTaskCard } from "./next-task-card";
import { formatCount, formatCountOf, formatMetric } from "./page-helpers";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage({ searchParams }: { searchParams: Promise<{ denied?: string }> }) {
  const user = await requirePageUser();
  const { denied } = await searchParams;
  const [sets, corpora, logs, runs, task] = await Promise.all([
    listGoldenSets(db()),
    listCorpora(db()),
    listQueryLogs(db()),
    listRuns(db(), { take: 8 }),
    can(user.role, "label") ? findNextTask(db(), { userId: user.id, now: new Date() }) : null,
  ]);
  // annotators always see where they stand; engineers and admins only when work is assigned to them
  const showTask = can(user.role, "label") && (user.role === "annotator" || (task?.assigned ?? 0) > 0);
  const progress = await Promise.all(sets.map((set) => goldenSetProgress(db(), set.id)));
  const documentCount = corpora.reduce((sum, corpus) => sum + corpus._count.documents, 0);
  const logLines = logs.reduce((sum, log) => sum + log.lineCount, 0);
  const labeledTotal = progress.reduce((sum, row) => sum + (row.counts.labeled ?? 0), 0);
  const queryTotal = progress.reduce((sum, row) => sum + row.total, 0);

  return (
    <>
      <PageHeader
        title="Overview"
        description="Golden sets, how far their labeling has come, and the latest evaluation runs."
        actions={
          <ButtonLink href="/sets" variant="primary">
            Golden sets
          </ButtonLink>
        }
      />
      {denied ? (
        <Alert tone="warning" className="mb-4">
          Your role cannot open that page. Ask an admin if you need access.
        </Alert>
      ) : null}

      {showTask ? <NextTaskCard task={task} latestSet={sets[0] ?? null} /> : null}

      <div className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Golden sets"
          value={formatCount(sets.length)}
          hint={formatCountOf(queryTotal, "query", "queries")}
        />
        <Stat
          label="Labeled queries"
          value={formatCount(labeledTotal)}
          hint={queryTotal > 0 ? `of ${formatCount(queryTotal)} in all sets` : "none yet"}
        />
        <Stat
          label="Corpora"
          value={formatCount(corpora.length)}
          hint={formatCountOf(documentCount, "document")}
          data-testid="overview-corpora"
        />
        <Stat
          label="Query logs"
          value={formatCount(logs.length)}
          hint={`${formatCountOf(logLines, "line")} imported`}
          data-testid="overview-logs"
        />
      </div>

      <div className="grid gap-5 xl:grid-cols-2">
        <Card>
          <CardHeader
            title="Golden sets"
            description={`Labeling progress; metrics are noisy below ${NOISE_FLOOR_QUERIES} queries with relevant labels.`}
            actions={
              <Link href="/sets" className="text-xs font-medium text-zinc-600 hover:text-zinc-900">
                All sets →
              </Link>
            }
          />
          {sets.length === 0 ? (
            <div className="p-4">
              {corpora.length === 0 ? (
                <EmptyState
                  title="Start with a corpus"
                  description="A golden set labels passages of one corpus. Import your documents (JSONL or a BEIR zip), then a query log to sample real queries from."
                  action={
                    <div className="flex gap-2">
                      <ButtonLink href="/corpora" variant="primary" size="sm">
                        Import a corpus
                      </ButtonLink>
                      <ButtonLink href="/logs" size="sm">
                        Import a query log
                      </ButtonLink>
                    </div>
                  }
                />
              ) : (
                <EmptyState
                  title="No golden sets yet"
                  description="Create a set over one of your corpora, then add queries from a log or by hand and label them."
                  action={
                    <div className="flex gap-2">
                      <ButtonLink href="/sets" variant="primary" size="sm">
                        New golden set
                      </ButtonLink>
                      <ButtonLink href="/logs" size="sm">
                        Browse query logs
                      </ButtonLink>
                    </div>
                  }
                />
              )}
            </div>
          ) : (
            <Table>
              <THead>
                <tr>
                  <Th>Set</Th>
                  <Th className="w-48">Labeled</Th>
                  <Th numeric>With relevant labels</Th>
                </tr>
              </THead>
              <TBody>
                {sets.map((set, index) => {
                  const row = progress[index];
                  const labeled = row?.counts.labeled ?? 0;
                  const total = row?.total ?? 0;
                  const relevant = row?.withRelevantLabels ?? 0;
                  return (
                    <Tr key={set.id}>
                      <Td>
                        <Link href={`/sets/${set.id}`} className="font-medium text-zinc-900 hover:underline">
                          {set.name}
                        </Link>
                        <div className="text-xs text-zinc-500">{set.corpus.name}</div>
                      </Td>
                      <Td>
                        <ProgressBar
                          value={total > 0 ? labeled / total : 0}
                          label={
                            <span className="tabular-nums">
                              {formatCount(labeled)} / {formatCount(total)}
                            </span>
                          }
                          tone={total > 0 && labeled === total ? "green" : "amber"}
                        />
                      </Td>
                      <Td numeric>
                        <span className={relevant < NOISE_FLOOR_QUERIES ? "text-brand-700" : "text-zinc-900"}>
                          {formatCount(relevant)} / {NOISE_FLOOR_QUERIES}
                        </span>
                        {relevant < NOISE_FLOOR_QUERIES ? (
                          <div className="text-[11px] text-zinc-500">
                            numbers are noisy below {NOISE_FLOOR_QUERIES} labeled queries
                          </div>
                        ) : null}
                      </Td>
                    </Tr>
                  );
                })}
              </TBody>
            </Table>
          )}
        </Card>

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
                  sets.length === 0
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
                          {run.goldenSet.name} v{run.goldenSetVersion.number} ·{" "}
                          {formatDateTime(run.createdAt)}
                        </div>
                      </Td>
                      <Td>
                        <StatusBadge status={run.status} />
                      </Td>
                      <Td numeric className="font-medium">
                        {formatMetric(metrics?.recall["5"])}
                      </Td>
                      <Td numeric>{formatMetric(metrics?.mrr)}</Td>
                      <Td numeric className="text-zinc-500">
                        {metrics ? (
                          <span
                            className={metrics.evaluated < NOISE_FLOOR_QUERIES ? "text-brand-700" : undefined}
                            title={
                              metrics.evaluated < NOISE_FLOOR_QUERIES
                                ? `numbers are noisy below ${NOISE_FLOOR_QUERIES} labeled queries`
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
      </div>
    </>
  );
}

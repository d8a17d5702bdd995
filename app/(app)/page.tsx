import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listCorpora } from "@/lib/db/corpora";
import { listGoldenSets } from "@/lib/db/golden-sets";
import { listQueryLogs } from "@/lib/db/query-logs";
import { listRuns } from "@/lib/db/runs";
import { loadSetQueryCounts } from "@/lib/db/set-query-counts";
import { findNextTask } from "@/lib/queue/find-next-task";
import { NextTaskCard } from "./next-task-card";
import { OverviewRunsCard } from "./overview-runs-card";
import { OverviewSetsCard } from "./overview-sets-card";

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
  const progress = await Promise.all(sets.map((set) => loadSetQueryCounts(db(), set.id)));
  const documentCount = corpora.reduce((sum, corpus) => sum + corpus._count.documents, 0);
  const logLines = logs.reduce((sum, log) => sum + log.lineCount, 0);
  const labeledTotal = progress.reduce((sum, row) => sum + row.labeled, 0);
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
        <OverviewSetsCard sets={sets} progress={progress} hasCorpora={corpora.length > 0} />
        <OverviewRunsCard runs={runs} hasSets={sets.length > 0} />
      </div>
    </>
  );
}

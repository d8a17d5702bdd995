import type { Metadata } from "next";
import { classLabel } from "@/components/logs/class-labels";
import { ClassMixChart } from "@/components/logs/class-mix-chart";
import { LogQueryTable } from "@/components/logs/log-query-table";
import { TopQueries } from "@/components/logs/top-queries";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listCorpora } from "@/lib/db/corpora";
import { listGoldenSets } from "@/lib/db/golden-sets";
import { getLogClassMix, getLogSeenRange, listLogQueryPage } from "@/lib/db/log-insights";
import { getQueryLog } from "@/lib/db/query-logs";
import { LOG_QUERY_PAGE_SIZE } from "@/lib/logs/log-queries-schema";
import { orNotFound } from "../../page-helpers";
import { addLogQueriesToSetAction } from "./actions";
import { LogStats } from "./log-stats";
import { SampleIntoSetCard } from "./sample-into-set-card";

export const metadata: Metadata = { title: "Query log" };

const TOP_QUERIES = 10;

type Props = { params: Promise<{ id: string }> };

export default async function QueryLogPage({ params }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  const log = await orNotFound(getQueryLog(db(), id));
  const [mix, seen, firstPage, sets, corpora] = await Promise.all([
    getLogClassMix(db(), { queryLogIds: [id] }),
    getLogSeenRange(db(), id),
    listLogQueryPage(db(), { queryLogId: id, offset: 0, limit: LOG_QUERY_PAGE_SIZE }),
    listGoldenSets(db()),
    listCorpora(db()),
  ]);
  const mayCurate = can(user.role, "curate");
  const setOptions = sets.map((set) => ({ id: set.id, name: set.name, corpusName: set.corpus.name }));
  const classOptions = mix.rows
    .filter((row) => row.distinct > 0)
    .map((row) => ({ id: row.queryClass, ...classLabel(row.queryClass), distinct: row.distinct }));
  const hasQueries = firstPage.total > 0;

  return (
    <>
      <PageHeader
        breadcrumbs={[{ href: "/logs", label: "Query logs" }]}
        title={log.name}
        description={
          <>
            {log.fileName ? <code className="font-mono text-xs">{log.fileName}</code> : null} · imported{" "}
            {formatDateTime(log.createdAt)}
          </>
        }
      />

      <LogStats log={log} mix={mix} seen={seen} />
      {log.fallbackDecoded > 0 ? (
        <Alert tone="warning" className="mb-4">
          {formatCount(log.fallbackDecoded)} lines were not valid UTF-8 and were decoded as Windows-1252
          (Latin-1). If you see text like “Ã©”, the file mixes encodings: convert it to UTF-8 and import it
          again.
        </Alert>
      ) : null}

      {!hasQueries ? (
        <EmptyState
          title="This log has no queries"
          description="Every line was empty, too long or binary. Check the file and import it again."
        />
      ) : (
        <>
          <div className="mb-5 grid items-start gap-5 lg:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_22rem]">
            <Card>
              <CardHeader
                title="Class mix"
                description="What kinds of queries users type: sample a set that covers them all."
              />
              <CardBody>
                <ClassMixChart mix={mix} />
              </CardBody>
            </Card>
            <Card>
              <CardHeader title={`Top ${TOP_QUERIES} queries`} description="By lines in this log." />
              <TopQueries rows={firstPage.rows.slice(0, TOP_QUERIES)} totalLines={mix.totalLines} />
            </Card>
            {mayCurate ? (
              <SampleIntoSetCard id={id} sets={sets} setOptions={setOptions} corpora={corpora} mix={mix} />
            ) : null}
          </div>

          <Card>
            <CardHeader
              title="All queries"
              description={`${formatCount(firstPage.total)} distinct queries; scroll, search or filter by class.`}
            />
            {mayCurate && sets.length === 0 ? (
              <Alert tone="info" className="mx-4 mt-3">
                To add queries by hand, first{" "}
                <Link href="/sets" className="font-medium underline">
                  create a golden set
                </Link>{" "}
                (or sample into a new one above).
              </Alert>
            ) : null}
            <LogQueryTable
              logId={id}
              initialPage={firstPage}
              classes={classOptions}
              showSeen={Boolean(seen.firstSeen || seen.lastSeen)}
              {...(mayCurate && sets.length > 0
                ? { addToSet: { action: addLogQueriesToSetAction, sets: setOptions } }
                : {})}
            />
          </Card>
        </>
      )}
    </>
  );
}

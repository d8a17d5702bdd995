import type { Metadata } from "next";
import { z } from "zod";
import { SetHealthPanel } from "@/components/sets/set-health-panel";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { getSetHealth } from "@/lib/curation/get-set-health";
import { countRepairQueue } from "@/lib/curation/load-repair-queue";
import { db } from "@/lib/db/client";
import { firstUnlabeledQuery, getGoldenSet, listSetQueries } from "@/lib/db/golden-sets";
import { loadSetQueryCounts } from "@/lib/db/set-query-counts";
import { sampleStrategySchema } from "@/lib/logs/sample-queries";
import { countSplits } from "@/lib/sets/split-queries";
import { orNotFound } from "../../page-helpers";
import { addQueryAction } from "./actions";
import { ImportJudgmentsForm } from "./import-judgments-form";
import { AddQueryForm } from "./query-forms";
import { SampledSummary } from "./sampled-summary";
import { SetActions } from "./set-actions";
import { SetProgressStats } from "./set-progress-stats";
import { SetQueriesTable } from "./set-queries-table";
import { SetSettingCards } from "./set-setting-cards";

export const metadata: Metadata = { title: "Golden set" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** `?sampled=60&strategy=stratified&nearDuplicates=4`, set by "Sample into a golden set". */
const sampledSchema = z.object({
  sampled: z.coerce.number().int().min(0).optional().catch(undefined),
  strategy: sampleStrategySchema.optional().catch(undefined),
  nearDuplicates: z.coerce.number().int().min(0).optional().catch(undefined),
});

/** The set's queries in set order, and the form to add one for curators. */
function QueriesCard({
  id,
  queries,
  split,
  mayCurate,
}: {
  id: string;
  queries: Awaited<ReturnType<typeof listSetQueries>>;
  split: { seed: number | null; holdoutShare: number | null } | null;
  mayCurate: boolean;
}) {
  return (
    <Card>
      <CardHeader
        title="Queries"
        description="In set order. Queries from a log keep their provenance and frequency."
        actions={
          <Link href="/logs" className="text-xs font-medium text-zinc-600 hover:text-zinc-900">
            Add from a query log →
          </Link>
        }
      />
      {queries.length === 0 ? (
        <div className="p-4">
          <EmptyState
            title="This set has no queries yet"
            description="Pick real queries from an imported log (most frequent first), or type one below. Real queries — typos, error codes, half-sentences — measure what users actually ask."
            action={
              <ButtonLink href="/logs" size="sm" variant="primary">
                Pick queries from a log
              </ButtonLink>
            }
          />
        </div>
      ) : (
        <SetQueriesTable id={id} queries={queries} split={split} mayCurate={mayCurate} />
      )}
      {mayCurate ? (
        <div className="border-zinc-100 border-t">
          <AddQueryForm action={addQueryAction.bind(null, id)} />
        </div>
      ) : null}
    </Card>
  );
}

export default async function GoldenSetPage({ params, searchParams }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  const set = await orNotFound(getGoldenSet(db(), id));
  const sampled = sampledSchema.parse(await searchParams);
  const [counts, queries, next, health, needRepair] = await Promise.all([
    loadSetQueryCounts(db(), id),
    listSetQueries(db(), id),
    firstUnlabeledQuery(db(), id),
    getSetHealth(db(), id),
    countRepairQueue(db(), id),
  ]);
  const mayCurate = can(user.role, "curate");
  const relevantGrade = set.gradeScale.find((level) => level.grade === set.relevantThreshold);
  const startQueryId = next?.id ?? queries[0]?.id ?? null;
  const splitCounts = countSplits(queries.map((query) => query.split));
  // A file imported with query splits but no set.split still has a split, of unknown seed.
  const split =
    set.splitSeed !== null || splitCounts.dev + splitCounts.holdout > 0
      ? { seed: set.splitSeed, holdoutShare: set.splitHoldoutShare }
      : null;

  return (
    <>
      <PageHeader
        breadcrumbs={[{ href: "/sets", label: "Golden sets" }]}
        title={<span data-testid="set-name">{set.name}</span>}
        description={
          <>
            Over corpus{" "}
            <Link href={`/corpora/${set.corpusId}`} className="font-medium text-zinc-700 hover:underline">
              {set.corpus.name}
            </Link>
            {set.description ? <> · {set.description}</> : null}
          </>
        }
        actions={
          <SetActions
            setId={id}
            role={user.role}
            start={startQueryId ? (next ? "start" : "next") : null}
            needRepair={needRepair}
          />
        }
      />

      <SetProgressStats
        counts={counts}
        relevantThreshold={set.relevantThreshold}
        relevantGradeName={relevantGrade?.name ?? null}
      />

      <SampledSummary sampled={sampled} />
      <SetHealthPanel health={health} />
      <SetSettingCards set={set} role={user.role} splitCounts={splitCounts} split={split} />
      <QueriesCard id={id} queries={queries} split={split} mayCurate={mayCurate} />
      {can(user.role, "import") ? (
        <Card className="mt-5">
          <CardHeader
            title="Import judgments"
            description="Existing qrels or ratings become document labels of this set, all or nothing; the documents must be in its corpus."
          />
          <ImportJudgmentsForm setId={id} />
        </Card>
      ) : null}
    </>
  );
}

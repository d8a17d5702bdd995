import type { Metadata } from "next";
import { HoleRunsTable, HolesTable } from "@/components/queue/holes-tables";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCountOf } from "@/components/ui/format-number";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { AppError } from "@/lib/errors";
import { queueParamsSchema } from "@/lib/labeling/queue-schema";
import { loadHoles } from "@/lib/queue/load-holes";
import { orNotFound } from "../../../page-helpers";
import { holeHref, nextHoleHref } from "../queue-hrefs";
import { setBreadcrumbs } from "../set-breadcrumbs";

export const metadata: Metadata = { title: "Holes" };

/** Holes listed at most; "fill holes" walks them all. */
const SHOWN = 200;

/** The runs with their holes and judged@k, then the holes themselves (the first SHOWN). */
function HoleCards({
  setId,
  runId,
  holes: { k, runs, holes },
  whose,
}: {
  setId: string;
  runId: string | undefined;
  holes: Awaited<ReturnType<typeof loadHoles>>;
  /** "the top 10 of this set's runs" */
  whose: string;
}) {
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader
          title="Runs"
          description={
            runId
              ? undefined
              : "Finished, non-archived runs. Text that several runs or chunkings retrieved is one hole, listed with each of them, so a run's holes add up to more than the set's."
          }
        />
        <HoleRunsTable runs={runs} k={k} />
      </Card>
      <Card>
        <CardHeader
          title={
            runId
              ? formatCountOf(holes.length, "hole")
              : `${formatCountOf(holes.length, "hole")} from ${formatCountOf(runs.length, "run")}`
          }
          description={
            holes.length > SHOWN
              ? `The first ${SHOWN}, in set order; “Fill holes” walks them all.`
              : "In set order, best rank first, each passage widened to whole words (and to the sentence it nearly covers). Open one to judge it in the workspace."
          }
        />
        {holes.length === 0 ? (
          <p className="px-4 py-3 text-xs text-zinc-500" data-testid="no-holes">
            No holes: every result in {whose} is judged.
          </p>
        ) : (
          <HolesTable
            holes={holes.slice(0, SHOWN).map((hole) => ({ ...hole, href: holeHref(setId, hole, runId) }))}
            runs={runs}
          />
        )}
      </Card>
    </div>
  );
}

/**
 * The set's holes (docs/domain.md, "Evaluation") — results in the top k of its non-archived runs,
 * or of one run (`?run=`), that no judgment covers — with judged@k per run as the labels stand
 * now, and the way into "fill holes" mode.
 */
export default async function HolesPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("label");
  const { id: setId } = await params;
  const { run: runId } = queueParamsSchema.parse(await searchParams);
  const set = await orNotFound(getGoldenSet(db(), setId));
  const loaded = await loadHoles(db(), { setId, runId }).catch((error: unknown) => {
    // a real set with an unknown run: say so here rather than claim the set is missing
    if (runId && error instanceof AppError && error.code === "not_found") return null;
    throw error;
  });
  if (!loaded)
    return (
      <EmptyState
        title="This set has no such run"
        description="The run may have been deleted, or the link mistyped. The set's holes cover all its runs."
        action={
          <ButtonLink href={`/sets/${setId}/holes`} size="sm" variant="primary">
            The set's holes
          </ButtonLink>
        }
      />
    );
  const { k, runs, holes } = loaded;
  const runName = runs[0]?.name ?? "this run";
  const whose = runId ? `the top ${k} of ${runName}` : `the top ${k} of this set's runs`;

  return (
    <>
      <PageHeader
        breadcrumbs={setBreadcrumbs(set, ...(runId ? [{ href: `/runs/${runId}`, label: runName }] : []))}
        title={runId ? `Holes of ${runName}` : "Holes"}
        description={`Results in ${whose} that no judgment covers — no label of any grade, 0 “not relevant” included. Until someone judges them, the metrics count them as misses. k is the set's pool depth.`}
        actions={
          holes.length > 0 ? (
            <ButtonLink href={nextHoleHref(setId, runId)} variant="primary" data-testid="fill-holes">
              Fill {formatCountOf(holes.length, "hole")}
            </ButtonLink>
          ) : null
        }
      />
      {runs.length === 0 ? (
        <EmptyState
          title="No finished runs yet"
          description="Holes are the unjudged results of runs: evaluate a configuration on this set, then come back."
          action={
            <ButtonLink href={`/sets/${setId}/runs`} size="sm" variant="primary">
              Evaluate
            </ButtonLink>
          }
        />
      ) : (
        <HoleCards setId={setId} runId={runId} holes={loaded} whose={whose} />
      )}
    </>
  );
}

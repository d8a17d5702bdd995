import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { z } from "zod";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCountOf } from "@/components/ui/format-number";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { findQueueSetName, listSetAside } from "@/lib/db/queue";
import { queueParamsSchema } from "@/lib/labeling/queue-schema";
import { loadAnnotatorProgress } from "@/lib/queue/assign-queries";
import { claimNextQuery } from "@/lib/queue/claim-next-query";
import { walkHoles } from "@/lib/queue/find-next-query";
import { countHolesByQuery, loadHoles } from "@/lib/queue/load-holes";
import { orNotFound } from "../../../page-helpers";
import { holeHref, holesHref, queryFromNextHref } from "../queue-hrefs";
import { setBreadcrumbs } from "../set-breadcrumbs";
import { EndOfQueue } from "./end-of-queue";

export const metadata: Metadata = { title: "Next query" };

const afterSchema = z.string().min(1).optional().catch(undefined);
/** `?holes=1`: the annotator asked for queries with holes once their own work is done. */
const holesSchema = z
  .literal("1")
  .optional()
  .catch(undefined)
  .transform((value) => value === "1");

/** Holes mode with no hole left to open: why, and where to go instead. */
function NoHolesLeft({
  set,
  run,
  walk,
}: {
  set: { id: string; name: string };
  run: string | undefined;
  walk: { k: number; runName: string | null; total: number };
}) {
  return (
    <>
      <PageHeader breadcrumbs={setBreadcrumbs(set)} title="No holes left" />
      <EmptyState
        title={`Every result in the top ${walk.k} ${walk.runName ? `of ${walk.runName}` : "of this set's runs"} is judged`}
        description={
          walk.total > 0
            ? `${formatCountOf(walk.total, "hole")} left belong to queries another annotator has open; try again in a few minutes.`
            : "judged@k is complete at this depth: the metrics no longer count unjudged passages as misses. New runs may open new holes."
        }
        action={
          <div className="flex gap-2">
            <ButtonLink href={holesHref(set.id, run)} size="sm">
              Holes list
            </ButtonLink>
            <ButtonLink href={`/sets/${set.id}`} size="sm" variant="primary">
              Back to the set
            </ButtonLink>
          </div>
        }
      />
    </>
  );
}

/**
 * "Next" for the signed-in annotator: opens the next query needing them (after `?after=`), or in
 * holes mode (`?mode=holes`, one run's with `run=`) the first hole left; when nothing is left,
 * says so and what to do instead. The query opens with `?why=` (assigned, unlabeled, holes) so
 * the workspace says why it was chosen; queries that only have holes are opened only on request
 * (`?holes=1`), and the end of the annotator's own work is said as such, with holes on offer.
 */
export default async function NextQueryPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("label");
  const { id: setId } = await params;
  const search = await searchParams;
  const set = { id: setId, name: await orNotFound(findQueueSetName(db(), setId)) };
  const queue = queueParamsSchema.parse(search);
  const now = new Date();

  if (queue.mode === "holes") {
    const walk = await orNotFound(
      walkHoles(db(), { setId, runId: queue.run, userId: user.id, current: null, now }),
    );
    if (walk.next) redirect(holeHref(setId, walk.next, queue.run));
    return <NoHolesLeft set={set} run={queue.run} walk={walk} />;
  }

  const after = afterSchema.parse(search.after);
  const withHoles = holesSchema.parse(search.holes);
  const next = await claimNextQuery(db(), {
    setId,
    userId: user.id,
    currentId: after ?? null,
    now,
    holes: withHoles,
  });
  if (next) redirect(queryFromNextHref(setId, next.queryId, next.reason));

  const [progress, setAside, holes] = await Promise.all([
    loadAnnotatorProgress(db(), setId),
    listSetAside(db(), { setId, userId: user.id }),
    loadHoles(db(), { setId, details: false }),
  ]);
  const mine = progress.find((row) => row.user.id === user.id);
  return (
    <>
      <PageHeader
        breadcrumbs={setBreadcrumbs(set)}
        title="Nothing left for you in this set"
        description={
          mine
            ? `You have ${formatCountOf(mine.done, "query", "queries")} done, ${formatCountOf(mine.skipped + mine.cannotJudge, "query", "queries")} set aside and ${formatCountOf(mine.labels, "label")} in this set.`
            : "You have not labeled in this set yet."
        }
      />
      <EndOfQueue
        setId={setId}
        holesAsked={withHoles}
        holes={holes.holes.length}
        queriesWithHoles={countHolesByQuery(holes.holes).size}
        mayAssign={can(user.role, "assign")}
        setAside={setAside}
      />
    </>
  );
}

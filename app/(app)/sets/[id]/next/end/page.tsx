import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCountOf } from "@/components/ui/format-number";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { findQueueSetName, listSetAside } from "@/lib/db/queue";
import { loadAnnotatorProgress } from "@/lib/queue/assign-queries";
import { countHolesByQuery, loadHoles } from "@/lib/queue/load-holes";
import { orNotFound } from "../../../../page-helpers";
import { holesHref } from "../../queue-hrefs";
import { setBreadcrumbs } from "../../set-breadcrumbs";
import { openNext, parseNextParams } from "../open-next";
import { EndOfQueue } from "./end-of-queue";

export const metadata: Metadata = { title: "Nothing left" };

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
 * Where "Next" (../route.ts) sends the annotator when nothing is left for them: the end of their own
 * queue, said as such with the holes on offer (queries that only have holes are opened only on
 * request, `?holes=1`) and what they set aside; in holes mode, why no hole is left. Opened with a
 * query or hole left after all (one came free, or the address was kept), it goes there instead.
 */
export default async function EndOfQueuePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("label");
  const { id: setId } = await params;
  const set = { id: setId, name: await orNotFound(findQueueSetName(db(), setId)) };
  const next = parseNextParams(await searchParams);
  // a query or hole may have come free since "Next" found nothing (or the address was kept)
  const opened = await orNotFound(openNext(user, setId, next));
  if (opened.href) redirect(opened.href);
  if (opened.walk) return <NoHolesLeft set={set} run={next.run} walk={opened.walk} />;

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
        holesAsked={next.holes}
        holes={holes.holes.length}
        queriesWithHoles={countHolesByQuery(holes.holes).size}
        mayAssign={can(user.role, "assign")}
        setAside={setAside}
      />
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { listSetAside } from "@/lib/db/queue";
import { queueParamsSchema } from "@/lib/labeling/queue-schema";
import { loadAnnotatorProgress } from "@/lib/queue/assign-queries";
import { findNextQuery, walkHoles } from "@/lib/queue/find-next-query";
import { loadHoles } from "@/lib/queue/load-holes";
import { formatCountOf, orNotFound } from "../../../page-helpers";
import { holeHref, holesHref, nextHoleHref } from "../queue-hrefs";

export const metadata: Metadata = { title: "Next query" };

const afterSchema = z.string().min(1).optional().catch(undefined);

/**
 * "Next" for the signed-in annotator: opens the next query needing them (after `?after=`), or in
 * holes mode (`?mode=holes`, one run's with `run=`) the first hole left; when nothing is left,
 * says so and what to do instead.
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
  const set = await orNotFound(getGoldenSet(db(), setId));
  const queue = queueParamsSchema.parse(search);
  const now = new Date();

  if (queue.mode === "holes") {
    const walk = await orNotFound(
      walkHoles(db(), { setId, runId: queue.run, userId: user.id, current: null, now }),
    );
    if (walk.next) redirect(holeHref(setId, walk.next, queue.run));
    return (
      <>
        <PageHeader
          breadcrumbs={[
            { href: "/sets", label: "Golden sets" },
            { href: `/sets/${setId}`, label: set.name },
          ]}
          title="No holes left"
        />
        <EmptyState
          title={`Every result in the top ${walk.k} ${walk.runName ? `of ${walk.runName}` : "of this set's runs"} is judged`}
          description={
            walk.total > 0
              ? `${formatCountOf(walk.total, "hole")} left belong to queries another annotator has open; try again in a few minutes.`
              : "judged@k is complete at this depth: the metrics no longer count unjudged passages as misses. New runs may open new holes."
          }
          action={
            <div className="flex gap-2">
              <ButtonLink href={holesHref(setId, queue.run)} size="sm">
                Holes list
              </ButtonLink>
              <ButtonLink href={`/sets/${setId}`} size="sm" variant="primary">
                Back to the set
              </ButtonLink>
            </div>
          }
        />
      </>
    );
  }

  const after = afterSchema.parse(search.after);
  const nextId = await findNextQuery(db(), { setId, userId: user.id, currentId: after ?? null, now });
  if (nextId) redirect(`/sets/${setId}/queries/${nextId}`);

  const [progress, setAside, holes] = await Promise.all([
    loadAnnotatorProgress(db(), setId),
    listSetAside(db(), { setId, userId: user.id }),
    loadHoles(db(), { setId, details: false }),
  ]);
  const mine = progress.find((row) => row.user.id === user.id);
  return (
    <>
      <PageHeader
        breadcrumbs={[
          { href: "/sets", label: "Golden sets" },
          { href: `/sets/${setId}`, label: set.name },
        ]}
        title="Nothing left for you in this set"
        description={
          mine
            ? `You have ${formatCountOf(mine.done, "query", "queries")} done, ${formatCountOf(mine.skipped + mine.cannotJudge, "query", "queries")} set aside and ${formatCountOf(mine.labels, "label")} in this set.`
            : "You have not labeled in this set yet."
        }
      />
      <div className="grid gap-4 lg:grid-cols-2" data-testid="end-of-queue">
        <EmptyState
          title="Your queue is empty"
          description="No query is assigned to you and still open, none is unlabeled and free, and no query with holes waits for you (queries someone else has open are passed by)."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              {holes.holes.length > 0 ? (
                <ButtonLink href={nextHoleHref(setId)} size="sm" variant="primary" data-testid="fill-holes">
                  Fill {formatCountOf(holes.holes.length, "hole")}
                </ButtonLink>
              ) : null}
              {can(user.role, "assign") ? (
                <ButtonLink href={`/sets/${setId}/assignments`} size="sm">
                  Assign more queries
                </ButtonLink>
              ) : null}
              <ButtonLink href={`/sets/${setId}`} size="sm">
                Back to the set
              </ButtonLink>
            </div>
          }
        />
        <Card>
          <CardHeader
            title={`Set aside (${setAside.length})`}
            description="Queries you skipped or could not judge. Open one to try again, or leave it for someone else."
          />
          {setAside.length === 0 ? (
            <p className="px-4 py-3 text-xs text-zinc-500">Nothing set aside.</p>
          ) : (
            <ul className="divide-y divide-zinc-100 text-sm" data-testid="set-aside">
              {setAside.map((query) => (
                <li key={query.id} className="flex items-baseline gap-2 px-4 py-2">
                  <Link
                    href={`/sets/${setId}/queries/${query.id}`}
                    className="truncate text-zinc-900 hover:underline"
                  >
                    {query.text}
                  </Link>
                  <Badge tone="neutral">{query.state === "skipped" ? "Skipped" : "Can't judge"}</Badge>
                  <span className="truncate text-xs text-zinc-500">{query.reason}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

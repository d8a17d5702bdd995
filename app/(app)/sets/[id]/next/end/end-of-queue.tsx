import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import type { ProgressState } from "@/lib/labeling/queue-schema";
import { nextHoleHref, nextQueryHref } from "../../queue-hrefs";

type SetAsideQuery = { id: string; text: string; state: ProgressState; reason: string };

/**
 * The end of the annotator's own queue (assigned to them, unlabeled and free): said as such, with
 * the set's holes offered explicitly — queries that are labeled but have results no one judged
 * in a run's top k are never opened by "Next" without the annotator asking — and the queries they
 * set aside. With `holesAsked`, holes were included and nothing is left at all.
 */
export function EndOfQueue(props: {
  setId: string;
  holesAsked: boolean;
  holes: number;
  queriesWithHoles: number;
  mayAssign: boolean;
  setAside: SetAsideQuery[];
}) {
  const { setId, holes, queriesWithHoles } = props;
  const holesLeft = holes > 0;
  const title = props.holesAsked ? "No query needs you, holes included" : "You have done your own queue";
  const own =
    "You have labeled every query assigned to you, and no unlabeled query is free (queries someone else has open are passed by).";
  const holesLine = holesLeft
    ? ` ${formatCountOf(queriesWithHoles, "query", "queries")} still ${queriesWithHoles === 1 ? "has" : "have"} ${formatCountOf(holes, "hole")}: results in a run's top k that nobody judged. They are labeled already, so "Next" opens them only when you ask.`
    : " No query has holes either: every result in the runs' top k is judged.";
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="end-of-queue">
      <EmptyState
        title={title}
        description={<span data-testid="end-of-queue-message">{`${own}${holesLine}`}</span>}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            {holesLeft && !props.holesAsked ? (
              <ButtonLink
                href={nextQueryHref(setId, undefined, { holes: true })}
                size="sm"
                variant="primary"
                data-testid="next-with-holes"
              >
                Label queries with holes
              </ButtonLink>
            ) : null}
            {holesLeft ? (
              <ButtonLink href={nextHoleHref(setId)} size="sm" data-testid="fill-holes">
                Fill {formatCountOf(holes, "hole")} one by one
              </ButtonLink>
            ) : null}
            {props.mayAssign ? (
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
          title={`Set aside (${props.setAside.length.toLocaleString("en-US")})`}
          description="Queries you skipped or could not judge. Open one to try again, or leave it for someone else."
        />
        {props.setAside.length === 0 ? (
          <p className="px-4 py-3 text-xs text-zinc-500">Nothing set aside.</p>
        ) : (
          <ul className="divide-y divide-zinc-100 text-sm" data-testid="set-aside">
            {props.setAside.map((query) => (
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
  );
}

import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { formatCountOf } from "@/components/ui/format-number";
import type { NextTask } from "@/lib/queue/find-next-task";
import { nextQueryHref } from "./sets/[id]/queue-hrefs";

/**
 * The overview's "your next task" for someone who labels: which set, how many queries wait for
 * them there, and the way in; or, for an annotator with nothing left, that their queue is done,
 * with the holes of the set changed last (`latestSet`) offered instead.
 */
export function NextTaskCard({
  task,
  latestSet,
}: {
  task: NextTask | null;
  latestSet: { id: string; name: string } | null;
}) {
  if (!task) {
    return (
      <Card className="mb-5" data-testid="next-task">
        <CardHeader
          title="Your next task"
          description={`Nothing waits for you: no query is assigned to you and still open, and no unlabeled query is free.${latestSet ? ` Queries with holes (results in a run's top k nobody judged) still need judgments in “${latestSet.name}”.` : ""}`}
          actions={
            latestSet ? (
              <ButtonLink href={nextQueryHref(latestSet.id, undefined, { holes: true })} size="sm">
                Label queries with holes
              </ButtonLink>
            ) : null
          }
        />
      </Card>
    );
  }
  const others = task.setsWithWork - 1;
  const which =
    task.assigned === task.left
      ? "assigned to you"
      : task.assigned === 0
        ? "unlabeled and free to take"
        : `${formatCountOf(task.assigned, "query", "queries")} assigned to you, the rest unlabeled and free`;
  return (
    <Card className="mb-5" data-testid="next-task">
      <CardHeader
        title={`Your next task: label “${task.set.name}”`}
        description={`${formatCountOf(task.left, "query", "queries")} left for you there (${which})${others > 0 ? `; ${formatCountOf(others, "other set")} also ${others === 1 ? "has" : "have"} work for you` : ""}.`}
        actions={
          <ButtonLink
            href={`/sets/${task.set.id}/next`}
            variant="primary"
            size="sm"
            data-testid="next-task-label"
          >
            Label next
          </ButtonLink>
        }
      />
    </Card>
  );
}

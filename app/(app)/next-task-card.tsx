import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import type { NextTask } from "@/lib/queue/find-next-task";
import { formatCountOf } from "./page-helpers";

/**
 * The overview's "your next task" for someone who labels: which set, how many queries wait for
 * them there, and the way in; or, for an annotator with nothing left, that their queue is done.
 */
export function NextTaskCard({ task }: { task: NextTask | null }) {
  if (!task) {
    return (
      <Card className="mb-5" data-testid="next-task">
        <CardHeader
          title="Your next task"
          description="Nothing waits for you: no query is assigned to you and still open, and no unlabeled query is free. Holes (unjudged results in runs) are on each set's Holes page."
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

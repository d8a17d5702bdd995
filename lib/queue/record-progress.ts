import type { Db } from "@/lib/db/client";
import { loadStatusInputs, saveProgress } from "@/lib/db/queue";
import { progressStateOf, queryStatusAfter } from "@/lib/labeling/query-status-after";
import type { RecordProgressInput } from "@/lib/labeling/queue-schema";
import type { QueryStatus } from "@/lib/sets/set-schema";

/**
 * Records what one annotator did with a query — done, no answer in corpus, skipped or can't judge
 * (with a reason), or reopened — in their QueryProgress, updates the set-level Query.status by the
 * rule in `queryStatusAfter`, and drops their lock on the query: one transaction.
 */
export async function recordProgress(
  prisma: Db,
  options: { setId: string; queryId: string; userId: string; input: RecordProgressInput },
): Promise<{ status: QueryStatus }> {
  const { input } = options;
  return prisma.$transaction(async (tx) => {
    const inputs = await loadStatusInputs(tx, options);
    const status = queryStatusAfter({
      action: input.action,
      current: inputs.status as QueryStatus,
      labelCount: inputs.labelCount,
      relevantCount: inputs.relevantCount,
      othersDone: inputs.othersDone,
    });
    const state = progressStateOf(input.action);
    const reason =
      input.action === "skipped" || input.action === "cannot_judge"
        ? input.reason
        : input.action === "no_answer"
          ? "No answer in the corpus"
          : "";
    await saveProgress(tx, {
      queryId: options.queryId,
      userId: options.userId,
      progress: state ? { state, reason } : null,
      status,
    });
    return { status };
  });
}

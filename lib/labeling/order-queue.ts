import type { ProgressState } from "@/lib/labeling/queue-schema";

/**
 * One query of a set as the queue sees it for one annotator (`me`). Every field is about the
 * query now; `now` is passed to the functions below, never read from a clock here.
 */
export type QueueQuery = {
  id: string;
  /** Set order. */
  position: number;
  /** Set-level status (unlabeled | in_progress | labeled | skipped | no_answer). */
  status: string;
  /** Labels of any annotator, any grade. */
  labelCount: number;
  /** Who the query is assigned to, with each assignee's own progress on it (null: not yet). */
  assignees: { userId: string; state: ProgressState | null }[];
  /** My own progress on it; null when I have not finished, skipped or given up on it. */
  myState: ProgressState | null;
  /** The lock, when one is recorded (it may have expired). */
  lock: { userId: string; until: Date } | null;
  /** Unjudged results in the runs' top k; undefined when holes were not computed. */
  holes?: number;
};

/**
 * Why a query needs this annotator, in queue order:
 * 1. `assigned` — assigned to me;
 * 2. `unlabeled` — assigned to nobody and labeled by nobody (no judgment of any grade), and not
 *    set aside by someone already: closed as "no answer in corpus", or skipped (the set-level
 *    status; it stays in set order and can be assigned);
 * 3. `holes` — some run's top k holds results nobody judged, and no other annotator is still
 *    due to label it (assigned to them, not finished).
 */
export type QueueTier = "assigned" | "unlabeled" | "holes";
const TIERS: readonly QueueTier[] = ["assigned", "unlabeled", "holes"];

/** The tier a query belongs to for `me`, ignoring my progress and locks (null: it needs nobody). */
export function queueTier(query: QueueQuery, me: string): QueueTier | null {
  if (query.assignees.some((assignee) => assignee.userId === me)) return "assigned";
  if (
    query.assignees.length === 0 &&
    query.labelCount === 0 &&
    query.status !== "no_answer" &&
    query.status !== "skipped"
  )
    return "unlabeled";
  if (hasHolesForMe(query, me)) return "holes";
  return null;
}

/**
 * The tier a query has in my queue now: its queueTier while I have not touched it; a query I
 * finished comes back only for its holes (results of runs made since that nobody judged); one I
 * skipped or could not judge stays out (null).
 */
export function queueTierForMe(query: QueueQuery, me: string): QueueTier | null {
  if (query.myState === null) return queueTier(query, me);
  return query.myState === "done" && hasHolesForMe(query, me) ? "holes" : null;
}

function hasHolesForMe(query: QueueQuery, me: string): boolean {
  const othersDue = query.assignees.some((assignee) => assignee.userId !== me && assignee.state === null);
  return (query.holes ?? 0) > 0 && !othersDue;
}

/**
 * Whether another annotator's lock keeps me off the query: a lock held by someone else, not
 * expired — unless the query is assigned to me and to others (overlap, wanted for agreement).
 */
export function lockedAgainst(query: QueueQuery, me: string, now: Date): boolean {
  if (!query.lock || query.lock.userId === me || query.lock.until <= now) return false;
  const overlap = query.assignees.length >= 2 && query.assignees.some((assignee) => assignee.userId === me);
  return !overlap;
}

/**
 * The queries that need `me`, in queue order: by tier (assigned, unlabeled, holes), then set
 * order. Left out: queries I finished (unless holes brought them back), skipped or could not judge, and
 * queries another annotator holds the lock of (see `lockedAgainst`).
 */
export function orderQueue(options: { queries: readonly QueueQuery[]; me: string; now: Date }): QueueQuery[] {
  const { me, now } = options;
  return options.queries
    .flatMap((query) => {
      const tier = queueTierForMe(query, me);
      if (tier === null || lockedAgainst(query, me, now)) return [];
      return [{ query, tier }];
    })
    .sort((a, b) => compareKeys(keyOf(a.query, a.tier), keyOf(b.query, b.tier)))
    .map((entry) => entry.query);
}

/**
 * "Next" (`n`, and after done or skip): the first query of my queue that comes after the current
 * one — after it in the same tier, then the later tiers — wrapping round to the start of the
 * queue (`wrapped`); the current query itself only when nothing else needs me but it still does.
 * The current query is placed by its tier
 * ignoring my progress (a query I just finished keeps its place), or before everything when it
 * needs nobody. Null when nothing needs me: the end of the queue.
 */
export function nextInQueue(options: {
  queries: readonly QueueQuery[];
  me: string;
  now: Date;
  currentId: string | null;
}): { query: QueueQuery; wrapped: boolean } | null {
  const ordered = orderQueue(options);
  const queue = ordered.filter((query) => query.id !== options.currentId);
  const current = options.queries.find((query) => query.id === options.currentId);
  const first = queue[0];
  if (!first) {
    // the current query is the only one left that needs me: stay on it, the queue is not over
    const stay = ordered.find((query) => query.id === options.currentId);
    return stay ? { query: stay, wrapped: true } : null;
  }
  if (!current) return { query: first, wrapped: false };
  const tier = queueTier(current, options.me);
  const currentKey = tier === null ? ([-1, current.position] as const) : keyOf(current, tier);
  const after = queue.find((query) => {
    const queryTier = queueTierForMe(query, options.me);
    return queryTier !== null && compareKeys(keyOf(query, queryTier), currentKey) > 0;
  });
  return after ? { query: after, wrapped: false } : { query: first, wrapped: true };
}

type Key = readonly [number, number];

function keyOf(query: QueueQuery, tier: QueueTier): Key {
  return [TIERS.indexOf(tier), query.position];
}

function compareKeys(a: Key, b: Key): number {
  return a[0] - b[0] || a[1] - b[1];
}

/**
 * "Previous" (`p`): back through my history — the queries I finished, skipped or could not judge,
 * most recent first (`history`, query ids newest first). From a query in my history, the one
 * before it; from any other, the latest. Without a history, the previous query in set order
 * (`setOrder`, ids); null at the start.
 */
export function previousQuery(options: {
  history: readonly string[];
  setOrder: readonly string[];
  currentId: string;
}): string | null {
  const { history, setOrder, currentId } = options;
  if (history.length > 0) {
    const index = history.indexOf(currentId);
    if (index === -1) return history[0] ?? null;
    return history[index + 1] ?? null;
  }
  const index = setOrder.indexOf(currentId);
  return index > 0 ? (setOrder[index - 1] ?? null) : null;
}

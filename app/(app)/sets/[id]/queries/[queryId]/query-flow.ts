import type { HoleBarView, NextReasonView, QueryFlowProps } from "@/components/queue/types";
import { db } from "@/lib/db/client";
import type { QueueParams } from "@/lib/labeling/queue-schema";
import { describeQueryHoles, findHistoryAround, walkHoles } from "@/lib/queue/find-next-query";
import { otherLockHolder } from "@/lib/queue/hold-query-lock";
import { holeHref, holesHref, nextHoleHref, nextQueryHref } from "../../queue-hrefs";

type FlowData = Omit<QueryFlowProps, "recordProgress" | "holdLock" | "releaseUrl" | "saveDetails" | "notes">;

/**
 * The queue around one query for the signed-in annotator: `n` resolves the next query needing
 * them when followed (so it is fresh after done or skip); `p` walks back through their history.
 * In "fill holes" mode (`?mode=holes&doc=…&span=…`, one run's with `run=`), `n` is the next hole
 * and the hole bar says where this one stands; ⇧N leaves the walk for the next query. Opened by
 * "Next" (`?why=`), the page says why; a query opened for its holes keeps offering holes.
 */
export async function loadQueryFlow(options: {
  setId: string;
  queryId: string;
  userId: string;
  documentId: string | null;
  params: QueueParams;
}): Promise<FlowData> {
  const { setId, queryId, userId, params } = options;
  const now = new Date();
  const [{ previousId, progress }, lock, hole, reason] = await Promise.all([
    findHistoryAround(db(), { setId, userId, currentId: queryId }),
    otherLockHolder(db(), { setId, queryId, userId, now }),
    params.mode === "holes" ? loadHoleBar({ ...options, now }) : null,
    loadNextReason({ setId, queryId, why: params.why }),
  ]);
  const nextQuery = nextQueryHref(setId, queryId, { holes: params.why === "holes" });
  return {
    nextHref: hole?.nextHref ?? nextQuery,
    leaveHolesHref: hole ? nextQuery : null,
    reason,
    previousHref: previousId ? `/sets/${setId}/queries/${previousId}` : null,
    myProgress: progress ? { state: progress.state, reason: progress.reason } : null,
    lock: lock ? { name: lock.name, until: lock.until.toISOString(), overlap: lock.overlap } : null,
    hole,
  };
}

async function loadNextReason(options: {
  setId: string;
  queryId: string;
  why: QueueParams["why"];
}): Promise<NextReasonView | null> {
  if (options.why !== "holes") return options.why ? { tier: options.why } : null;
  return { tier: "holes", ...(await describeQueryHoles(db(), options)) };
}

async function loadHoleBar(options: {
  setId: string;
  queryId: string;
  userId: string;
  documentId: string | null;
  params: QueueParams;
  now: Date;
}): Promise<HoleBarView> {
  const { setId, params } = options;
  const span = params.span ?? null;
  const current =
    options.documentId && span ? { queryId: options.queryId, documentId: options.documentId, ...span } : null;
  const walk = await walkHoles(db(), {
    setId,
    runId: params.run,
    userId: options.userId,
    current,
    now: options.now,
  });
  return {
    position: walk.index === null ? null : walk.index + 1,
    onHole: current !== null,
    total: walk.total,
    k: walk.k,
    runName: walk.runName,
    span,
    nextHref: walk.next ? holeHref(setId, walk.next, params.run) : nextHoleHref(setId, params.run),
    listHref: holesHref(setId, params.run),
  };
}

import { z } from "zod";
import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { queueParamsSchema } from "@/lib/labeling/queue-schema";
import { claimNextQuery } from "@/lib/queue/claim-next-query";
import { walkHoles } from "@/lib/queue/find-next-query";
import { listHref } from "../../../page-helpers";
import { holeHref, queryFromNextHref } from "../queue-hrefs";

type SearchParams = Record<string, string | string[] | undefined>;

const afterSchema = z.string().min(1).optional().catch(undefined);
/** `?holes=1`: the annotator asked for queries with holes once their own work is done. */
const holesSchema = z
  .literal("1")
  .optional()
  .catch(undefined)
  .transform((value) => value === "1");

/**
 * What "Next" was asked for: the annotator's own queue after `after` (queries with holes too with
 * `holes=1`), or in holes mode (`mode=holes`, one run's with `run=`) the first hole left.
 */
export function parseNextParams(search: SearchParams) {
  const queue = queueParamsSchema.parse(search);
  return {
    mode: queue.mode,
    run: queue.run,
    after: afterSchema.parse(search.after),
    holes: holesSchema.parse(search.holes),
  };
}
export type NextParams = ReturnType<typeof parseNextParams>;

export type HoleWalk = Awaited<ReturnType<typeof walkHoles>>;

/**
 * Where "Next" goes for the signed-in annotator: the query it claims for them (its lock taken) or
 * the hole it opens, as the workspace's address — or, with `href: null`, nothing is left (with the
 * hole walk in holes mode, to say why). Throws not_found for an unknown set or run in holes mode.
 */
export async function openNext(
  user: CurrentUser,
  setId: string,
  params: NextParams,
): Promise<{ href: string | null; walk?: HoleWalk }> {
  const now = new Date();
  if (params.mode === "holes") {
    const walk = await walkHoles(db(), { setId, runId: params.run, userId: user.id, current: null, now });
    return { href: walk.next ? holeHref(setId, walk.next, params.run) : null, walk };
  }
  const next = await claimNextQuery(db(), {
    setId,
    userId: user.id,
    currentId: params.after ?? null,
    now,
    holes: params.holes,
  });
  return { href: next ? queryFromNextHref(setId, next.queryId, next.reason) : null };
}

/** The page that says nothing is left ("Next" sends the annotator there with the same request). */
export function endOfQueueHref(setId: string, params: NextParams): string {
  return listHref(`/sets/${setId}/next/end`, {
    mode: params.mode,
    run: params.run,
    after: params.after,
    holes: params.holes ? "1" : undefined,
  });
}

import { z } from "zod";
import { db } from "@/lib/db/client";
import { releaseQueryLock } from "@/lib/db/queue";
import { withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ id: z.string().min(1), queryId: z.string().min(1) });

/**
 * POST (no body) → 204: drops the signed-in user's lock on the query; another annotator's lock
 * stays, and an unknown query changes nothing. The labeling workspace sends it with
 * `navigator.sendBeacon` when the annotator leaves the query — another page of the app, a
 * closed or hidden tab — since a beacon, unlike a server action's fetch, outlives the page.
 * The beacon carries the session cookie and the page's Origin, so the same-origin rule holds.
 */
export const POST = withRoute({ access: "label", params: paramsSchema }, async ({ user, params }) => {
  await releaseQueryLock(db(), { setId: params.id, queryId: params.queryId, userId: user.id });
  return new Response(null, { status: 204 });
});

import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getJobView } from "@/lib/db/jobs";
import { withErrors } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → the job's JobView, polled by the progress UI. Any signed-in user. */
export const GET = withErrors(async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  await requireUser();
  const { id } = await context.params;
  return Response.json(await getJobView(db(), id), { headers: { "Cache-Control": "no-store" } });
});

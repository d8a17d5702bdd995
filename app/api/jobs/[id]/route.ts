import { db } from "@/lib/db/client";
import { getJobView } from "@/lib/db/jobs";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → the job's JobView, polled by the progress UI. Any signed-in user. */
export const GET = withRoute({ access: "signed-in", params: idParamsSchema }, async ({ params }) =>
  Response.json(await getJobView(db(), params.id), { headers: { "Cache-Control": "no-store" } }),
);

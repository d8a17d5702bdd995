import { presentRun } from "@/lib/api/present-v1";
import { loadRunStatus } from "@/lib/db/api-runs";
import { db } from "@/lib/db/client";
import { withApiRoute } from "@/lib/http/api-route";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → the run: status, progress, and its stored metrics once it succeeded (any role, as the run page). */
export const GET = withApiRoute({ access: "signed-in", params: idParamsSchema }, async ({ params }) => {
  return Response.json(presentRun(await loadRunStatus(db(), params.id)));
});

import { presentJudgingJob } from "@/lib/api/present-judging-v1";
import { db } from "@/lib/db/client";
import { getJudgingJob } from "@/lib/db/judging-jobs";
import { withApiRoute } from "@/lib/http/api-route";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → the judging job: status, progress, figures (any role). */
export const GET = withApiRoute({ access: "signed-in", params: idParamsSchema }, async ({ params }) => {
  return Response.json(presentJudgingJob(await getJudgingJob(db(), params.id)));
});

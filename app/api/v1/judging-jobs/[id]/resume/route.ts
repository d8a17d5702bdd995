import { presentJudgingJob } from "@/lib/api/present-judging-v1";
import { db } from "@/lib/db/client";
import { getJudgingJob, resumeJudgingJob } from "@/lib/db/judging-jobs";
import { withApiRoute } from "@/lib/http/api-route";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** POST → the job after the request (engineers and admins): a paused or failed job is queued again; finished pairs are not sent again. */
export const POST = withApiRoute({ access: "evaluate", params: idParamsSchema }, async ({ params }) => {
  const prisma = db();
  await resumeJudgingJob(prisma, { jobId: params.id });
  return Response.json(presentJudgingJob(await getJudgingJob(prisma, params.id)));
});

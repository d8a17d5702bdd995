import { startJudgingBodySchema } from "@/lib/api/judging-v1-schemas";
import { presentJudgingJob } from "@/lib/api/present-judging-v1";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { getJudgingJob, listJudgingJobs, startJudgingJob } from "@/lib/db/judging-jobs";
import { withApiRoute } from "@/lib/http/api-route";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → `{ jobs }`: the set's judging jobs, newest first (any role). */
export const GET = withApiRoute({ access: "signed-in", params: idParamsSchema }, async ({ params }) => {
  const prisma = db();
  await getGoldenSet(prisma, params.id); // an unknown set is 404, not an empty list
  const jobs = await listJudgingJobs(prisma, { setId: params.id });
  return Response.json({ jobs: jobs.map(presentJudgingJob) });
});

/** POST `{ judgeId, source, prices? }` → 202 with the job, queued (engineers and admins). */
export const POST = withApiRoute(
  { access: "evaluate", params: idParamsSchema, body: startJudgingBodySchema },
  async ({ params, body, user }) => {
    const prisma = db();
    const { jobId } = await startJudgingJob(prisma, {
      setId: params.id,
      judgeId: body.judgeId,
      source: body.source,
      createdById: user.id,
      ...(body.prices ? { prices: body.prices } : {}),
    });
    return Response.json(presentJudgingJob(await getJudgingJob(prisma, jobId)), { status: 202 });
  },
);

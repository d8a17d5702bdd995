import { z } from "zod";
import { judgeReportQuerySchema } from "@/lib/api/judging-v1-schemas";
import { presentJudgeReport } from "@/lib/api/present-judging-v1";
import { db } from "@/lib/db/client";
import { loadJudgeReport } from "@/lib/db/judge-report";
import { withApiRoute } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ id: z.string().min(1), judgeId: z.string().min(1) });

/**
 * GET `?runs=ID,ID&calibration=SAMPLE_ID` → the judge report on the set (any role: annotators read
 * how far the judge is trusted too).
 */
export const GET = withApiRoute(
  { access: "signed-in", params: paramsSchema },
  async ({ params, request }) => {
    const search = new URL(request.url).searchParams;
    const query = judgeReportQuerySchema.parse({
      runs: search.get("runs") ?? undefined,
      calibration: search.get("calibration") ?? undefined,
    });
    const report = await loadJudgeReport(db(), {
      setId: params.id,
      judgeId: params.judgeId,
      ...(query.runs ? { runIds: query.runs } : {}),
      ...(query.calibration ? { calibrationSampleId: query.calibration } : {}),
    });
    return Response.json(presentJudgeReport(report));
  },
);

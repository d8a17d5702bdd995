import { presentJudge } from "@/lib/api/present-judging-v1";
import { db } from "@/lib/db/client";
import { listJudges } from "@/lib/db/judges";
import { withApiRoute } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";

/** GET → `{ judges }`: every judge not archived, latest version of each name first (any role). */
export const GET = withApiRoute({ access: "signed-in" }, async () => {
  const judges = await listJudges(db());
  return Response.json({ judges: judges.map(presentJudge) });
});

import { presentSetSummary } from "@/lib/api/present-v1";
import { db } from "@/lib/db/client";
import { listGoldenSets } from "@/lib/db/golden-sets";
import { loadSetQueryCounts } from "@/lib/db/set-query-counts";
import { withApiRoute } from "@/lib/http/api-route";

export const dynamic = "force-dynamic";

/** GET → `{ sets: SetSummary[] }`, most recently changed first (any role). */
export const GET = withApiRoute({ access: "signed-in" }, async () => {
  const sets = await listGoldenSets(db());
  const counts = await Promise.all(sets.map((set) => loadSetQueryCounts(db(), set.id)));
  return Response.json({ sets: sets.map((set, index) => presentSetSummary(set, counts[index]!)) });
});

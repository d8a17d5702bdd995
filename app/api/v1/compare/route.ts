import { compareBodySchema } from "@/lib/api/v1-schemas";
import { db } from "@/lib/db/client";
import { withApiRoute } from "@/lib/http/api-route";
import { compareRunsById } from "@/lib/runs/compare-runs-by-id";

export const dynamic = "force-dynamic";

/** POST `{ baseline, runs, measures?, test?, permutations?, seed? }` → `goldenset compare --json`'s shape. */
export const POST = withApiRoute({ access: "signed-in", body: compareBodySchema }, async ({ body }) => {
  return Response.json(await compareRunsById(db(), body));
});

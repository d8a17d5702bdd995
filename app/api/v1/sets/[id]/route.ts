import { presentSetSummary } from "@/lib/api/present-v1";
import { db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { listGoldenSets } from "@/lib/db/golden-sets";
import { loadSetQueryCounts } from "@/lib/db/set-query-counts";
import { AppError } from "@/lib/errors";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { withApiRoute } from "@/lib/http/api-route";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → `{ set: SetSummary, export: <goldenset v1 JSON> }` (who may export a set: any role). */
export const GET = withApiRoute({ access: "curate", params: idParamsSchema }, async ({ params }) => {
  const set = (await listGoldenSets(db())).find((candidate) => candidate.id === params.id);
  if (!set) throw new AppError("not_found", "No such golden set.");
  const file = JSON.parse(serializeGoldenSetFile(await buildGoldenSetFile(db(), params.id)));
  return Response.json({
    set: presentSetSummary(set, await loadSetQueryCounts(db(), params.id)),
    export: file,
  });
});

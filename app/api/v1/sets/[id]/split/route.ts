import { splitBodySchema } from "@/lib/api/v1-schemas";
import { clearGoldenSetSplit, splitGoldenSet } from "@/lib/curation/split-golden-set";
import { db } from "@/lib/db/client";
import { withApiRoute } from "@/lib/http/api-route";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** POST `{ holdoutShare?, seed? }` → `{ seed, holdoutShare, dev, holdout }`: the set split (engineers and admins). */
export const POST = withApiRoute(
  { access: "evaluate", params: idParamsSchema, body: splitBodySchema },
  async ({ params, body }) => {
    const split = await splitGoldenSet(db(), {
      setId: params.id,
      holdoutShare: body.holdoutShare,
      ...(body.seed === undefined ? {} : { seed: body.seed }),
    });
    return Response.json(split);
  },
);

/** DELETE → 204: the set's split forgotten (engineers and admins). */
export const DELETE = withApiRoute({ access: "evaluate", params: idParamsSchema }, async ({ params }) => {
  await clearGoldenSetSplit(db(), params.id);
  return new Response(null, { status: 204 });
});

import { presentRun } from "@/lib/api/present-v1";
import { createRunBodySchema } from "@/lib/api/v1-schemas";
import { listSetRunStatuses } from "@/lib/db/api-runs";
import { db } from "@/lib/db/client";
import { withApiRoute } from "@/lib/http/api-route";
import { idParamsSchema } from "@/lib/http/route-handler";
import { createRun } from "@/lib/runs/create-run";

export const dynamic = "force-dynamic";

/** GET → `{ runs }`: the set's runs, newest first, as GET /api/v1/runs/{id} answers each (any role). */
export const GET = withApiRoute({ access: "signed-in", params: idParamsSchema }, async ({ params }) => {
  const runs = await listSetRunStatuses(db(), params.id);
  return Response.json({ runs: runs.map(presentRun) });
});

/** POST `{ config, mode?, coverage?, budgetChars? }` → 201 `{ runId, jobId }`: the run queued, as the evaluate form does. */
export const POST = withApiRoute(
  { access: "evaluate", params: idParamsSchema, body: createRunBodySchema },
  async ({ params, body, user }) => {
    const { name, ...config } = body.config;
    const created = await createRun(db(), {
      setId: params.id,
      configName: name,
      config,
      coverage: body.coverage,
      ...(body.mode ? { mode: body.mode } : {}),
      budgetChars: body.budgetChars,
      userId: user.id,
    });
    return Response.json(created, { status: 201 });
  },
);

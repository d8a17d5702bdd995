import {
  configFromEvaluateRequest,
  evaluateRequestSchema,
  sweepAxesFromEvaluateRequest,
} from "@/lib/configs/evaluate-request";
import { sweepSchema } from "@/lib/configs/sweep-schema";
import { db } from "@/lib/db/client";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";
import { createSweep } from "@/lib/runs/create-sweep";

export const dynamic = "force-dynamic";

/**
 * POST multipart: the evaluate form's fields with one or two axes (`axis1Path`, `axis1Values`, …)
 * → 201 `{ sweepId, jobIds, runIds, skipped }`: one run per grid point, each evaluated by its own
 * job (jobIds[i] evaluates runIds[i]) that any worker may claim.
 * The form is small (no file), so it is read whole.
 */
export const POST = withRoute(
  { access: "evaluate", params: idParamsSchema, body: evaluateRequestSchema },
  async ({ user, params, body: fields }) => {
    const sweep = sweepSchema.parse({
      name: fields.name,
      baseConfig: configFromEvaluateRequest(fields),
      axes: sweepAxesFromEvaluateRequest(fields),
      coverage: fields.coverage,
      mode: fields.mode,
    });
    const created = await createSweep(db(), {
      setId: params.id,
      sweep,
      userId: user.id,
      skipInvalid: fields.skipInvalid ?? false,
    });
    return Response.json({ ...created, skipped: created.skipped.length }, { status: 201 });
  },
);

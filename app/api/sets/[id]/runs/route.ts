import { rm } from "node:fs/promises";
import { configFromEvaluateRequest, evaluateRequestSchema } from "@/lib/configs/evaluate-request";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";
import { readMultipartUpload } from "@/lib/http/uploads";
import { createRun } from "@/lib/runs/create-run";
import { storeRunFile } from "@/lib/runs/run-files";

export const dynamic = "force-dynamic";

/**
 * POST multipart: the evaluate form's fields, and `file` (a TREC or JSONL run, streamed to disk)
 * when the retriever is "imported" → 201 `{ runId, jobId }`, the run queued as a background job.
 * A run file is parsed whole before anything is saved; its first problem is reported with its line.
 */
export const POST = withRoute(
  { access: "evaluate", params: idParamsSchema },
  async ({ request, user, params }) => {
    const setId = params.id;
    const { fields, file } = await readMultipartUpload(request, {
      route: "run",
      fileRequired: false,
      parseFields: (form) => evaluateRequestSchema.parse(form),
    });
    try {
      if (fields.retrieverKind === "imported" && !file)
        throw new AppError("bad_request", "Choose a run file (TREC or JSONL) to evaluate", {
          path: ["file"],
        });
      const runFile =
        fields.retrieverKind === "imported" && file ? (await storeRunFile(file)).stored : undefined;
      const config = configFromEvaluateRequest(fields, runFile);
      const created = await createRun(db(), {
        setId,
        configName: fields.name,
        config,
        coverage: fields.coverage,
        mode: fields.mode,
        userId: user.id,
      });
      return Response.json(created, { status: 201 });
    } finally {
      if (file) await rm(file.path, { force: true }); // moved away when stored
    }
  },
);

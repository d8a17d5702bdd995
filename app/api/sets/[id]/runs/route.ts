import { requireUser } from "@/lib/auth/session";
import { configFromEvaluateRequest, evaluateRequestSchema } from "@/lib/configs/evaluate-request";
import { db } from "@/lib/db/client";
import { createRun } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import { withErrors } from "@/lib/http/route-handler";
import { readMultipartForm } from "@/lib/http/uploads";
import { type StoredRunFile, storeRunFile } from "@/lib/runs/run-files";

export const dynamic = "force-dynamic";

/**
 * POST multipart: the evaluate form's fields, and `file` (a TREC or JSONL run) when the retriever
 * is "imported" → 201 `{ runId, jobId }`, the run queued as a background job. A run file is parsed
 * whole before anything is saved; its first problem is reported with its line.
 */
export const POST = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  const user = await requireUser("evaluate");
  const { id: setId } = await context.params;
  const form = await readMultipartForm(request);
  const fields = evaluateRequestSchema.parse(
    Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")),
  );
  let runFile: StoredRunFile | undefined;
  if (fields.retrieverKind === "imported") {
    const upload = form.get("file");
    if (!(upload instanceof File) || upload.size === 0)
      throw new AppError("bad_request", "Choose a run file (TREC or JSONL) to evaluate", { path: ["file"] });
    runFile = (await storeRunFile(upload)).stored;
  }
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
});

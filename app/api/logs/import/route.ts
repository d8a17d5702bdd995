import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { enqueueJob } from "@/lib/db/jobs";
import { withErrors } from "@/lib/http/route-handler";
import { readMultipartForm, requireUploadedFile, saveUpload } from "@/lib/http/uploads";

export const dynamic = "force-dynamic";

const importLogFormSchema = z.object({
  logName: z
    .string({ error: "Give the log a name" })
    .trim()
    .min(1, "Give the log a name")
    .max(200, "The log name is too long (200 characters at most)"),
});

/** POST multipart `file` (one query a line, any encoding) and `logName` → 202 `{ jobId }`. */
export const POST = withErrors(async (request: Request) => {
  const user = await requireUser("import");
  const form = await readMultipartForm(request);
  const { logName } = importLogFormSchema.parse({ logName: form.get("logName") ?? undefined });
  const file = requireUploadedFile(form);
  const filePath = await saveUpload(file);
  const jobId = await enqueueJob(db(), {
    kind: "import-log",
    payload: { filePath, fileName: file.name, logName },
    createdById: user.id,
  });
  return Response.json({ jobId }, { status: 202 });
});

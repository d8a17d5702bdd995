import { z } from "zod";
import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { enqueueJob } from "@/lib/db/jobs";
import { withErrors } from "@/lib/http/route-handler";
import { requireUploadedFile, saveUpload } from "@/lib/http/uploads";

export const dynamic = "force-dynamic";

const importCorpusFormSchema = z.object({
  corpusName: z
    .string({ error: "Give the corpus a name" })
    .trim()
    .min(1, "Give the corpus a name")
    .max(200, "The corpus name is too long (200 characters at most)"),
  format: z.enum(["jsonl", "beir-zip"], { error: 'Format must be "jsonl" or "beir-zip"' }).optional(),
});

/** POST multipart `file`, `corpusName`, `format` (jsonl | beir-zip; guessed from the name when absent) → 202 `{ jobId }`. */
export const POST = withErrors(async (request: Request) => {
  const user = await requireUser("import");
  const form = await request.formData();
  const fields = importCorpusFormSchema.parse({
    corpusName: form.get("corpusName") ?? undefined,
    format: form.get("format") || undefined,
  });
  const file = requireUploadedFile(form);
  const format = fields.format ?? (file.name.toLowerCase().endsWith(".zip") ? "beir-zip" : "jsonl");
  const filePath = await saveUpload(file);
  const jobId = await enqueueJob(db(), {
    kind: "import-corpus",
    payload: { filePath, fileName: file.name, format, corpusName: fields.corpusName },
    createdById: user.id,
  });
  return Response.json({ jobId }, { status: 202 });
});

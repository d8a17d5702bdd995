import { z } from "zod";
import { requiredNameSchema } from "@/app/api/required-name-schema";
import { db } from "@/lib/db/client";
import { enqueueJob } from "@/lib/db/jobs";
import { withRoute } from "@/lib/http/route-handler";
import { readMultipartUpload } from "@/lib/http/uploads";

export const dynamic = "force-dynamic";

const importCorpusFormSchema = z.object({
  corpusName: requiredNameSchema("corpus"),
  format: z.enum(["jsonl", "beir-zip"], { error: 'Format must be "jsonl" or "beir-zip"' }).optional(),
});

/**
 * POST multipart `file`, `corpusName`, `format` (jsonl | beir-zip; a .zip file is always
 * beir-zip) → 202 `{ jobId }`. The file is streamed to disk; the import-corpus job parses it.
 */
export const POST = withRoute({ access: "import" }, async ({ request, user }) => {
  const { fields, file } = await readMultipartUpload(request, {
    route: "corpus",
    parseFields: (form) =>
      importCorpusFormSchema.parse({ corpusName: form.corpusName, format: form.format || undefined }),
  });
  // A zip cannot be JSONL: take it as a BEIR dataset whatever the form said.
  const format = file.name.toLowerCase().endsWith(".zip") ? "beir-zip" : (fields.format ?? "jsonl");
  const jobId = await enqueueJob(db(), {
    kind: "import-corpus",
    payload: { filePath: file.path, fileName: file.name, format, corpusName: fields.corpusName },
    createdById: user.id,
  });
  return Response.json({ jobId }, { status: 202 });
});

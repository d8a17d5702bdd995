import { z } from "zod";
import { requiredNameSchema } from "@/app/api/required-name-schema";
import { db } from "@/lib/db/client";
import { enqueueJob } from "@/lib/db/jobs";
import { withRoute } from "@/lib/http/route-handler";
import { readMultipartUpload } from "@/lib/http/uploads";
import { detectLogFormat, logFormatOptionsSchema, logFormats } from "@/lib/logs/read-log";

export const dynamic = "force-dynamic";

const importLogFormSchema = z.object({
  logName: requiredNameSchema("log"),
  format: z.enum(["auto", ...logFormats], { error: "Format must be auto, text, csv, tsv or jsonl" }),
});

/** Form fields passed on to logFormatOptionsSchema when filled in. */
const OPTION_FIELDS = [
  "column",
  "countColumn",
  "timestampColumn",
  "field",
  "countField",
  "timestampField",
] as const;

/**
 * POST multipart `file` (a query log, any encoding, gzip allowed), `logName`, `format` (auto |
 * text | csv | tsv | jsonl; auto or absent: from the file name) and the format's options
 * (`column`, `countColumn`, `timestampColumn` for csv/tsv, `header` = "on"; `idPrefix` = "on" for text; `field`,
 * `countField`, `timestampField` for jsonl) → 202 `{ jobId }`. The file is streamed to disk.
 */
export const POST = withRoute({ access: "import" }, async ({ request, user }) => {
  const { fields, file } = await readMultipartUpload(request, {
    route: "log",
    parseFields: (form, upload) => {
      const { logName, format } = importLogFormSchema.parse({
        logName: form.logName,
        format: form.format || "auto",
      });
      const options: Record<string, unknown> = {
        format: format === "auto" ? detectLogFormat(upload.name) : format,
      };
      for (const key of OPTION_FIELDS) if (form[key]?.trim()) options[key] = form[key];
      if (form.header === "on" || form.header === "true") options.header = true;
      if (options.format === "text" && (form.idPrefix === "on" || form.idPrefix === "true"))
        options.idPrefix = true;
      return { logName, options: logFormatOptionsSchema.parse(options) };
    },
  });
  const jobId = await enqueueJob(db(), {
    kind: "import-log",
    payload: {
      filePath: file.path,
      fileName: file.name,
      logName: fields.logName,
      contentHash: file.sha256,
      options: fields.options,
    },
    createdById: user.id,
  });
  return Response.json({ jobId }, { status: 202 });
});

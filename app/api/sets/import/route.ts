import { readFile, rm } from "node:fs/promises";
import { z } from "zod";
import { can } from "@/lib/auth/roles";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { db } from "@/lib/db/client";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { withRoute } from "@/lib/http/route-handler";
import { readMultipartUpload } from "@/lib/http/uploads";

export const dynamic = "force-dynamic";

const importSetFormSchema = z.object({
  name: z
    .string()
    .trim()
    .max(200, "The set name is too long (200 characters at most)")
    .optional()
    .transform((name) => (name ? name : undefined)),
});

/**
 * POST multipart `file` (a goldenset v1 JSON file) and optional `name` (overrides the file's set
 * name) → 201 `{ setId, queries, labels, credit }`, `credit.message` saying whom the labels were
 * credited to and whether adjudication was dropped. All or nothing; errors name the JSON path.
 */
export const POST = withRoute({ access: "curate" }, async ({ request, user }) => {
  const { fields, file: upload } = await readMultipartUpload(request, {
    route: "set",
    parseFields: (form) => importSetFormSchema.parse({ name: form.name }),
  });
  try {
    const file = parseGoldenSetFile(new Uint8Array(await readFile(upload.path)));
    const imported = await importGoldenSetFile(db(), {
      file,
      fileName: upload.name || "(unnamed file)",
      // an annotator's labels are all theirs and none adjudicated; see creditImportedLabels
      importedBy: { id: user.id, email: user.email, mayAdjudicate: can(user.role, "adjudicate") },
      ...(fields.name ? { name: fields.name } : {}),
    });
    return Response.json(imported, { status: 201 });
  } finally {
    await rm(upload.path, { force: true });
  }
});

import { readFile, rm } from "node:fs/promises";
import { z } from "zod";
import { importJudgments } from "@/lib/curation/judgment-imports";
import { db } from "@/lib/db/client";
import { parseJudgmentFiles } from "@/lib/exchange/parse-judgment-files";
import { judgmentFormats } from "@/lib/exchange/parse-judgments";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";
import { readMultipartUpload } from "@/lib/http/uploads";

export const dynamic = "force-dynamic";

const formSchema = z.object({
  format: z.enum(judgmentFormats as [string, ...string[]], {
    error: `Choose the file's format (${judgmentFormats.join(", ")})`,
  }),
});

/**
 * POST multipart `file` (TREC or BEIR qrels, Quepid ratings or a CSV of query, docid, grade),
 * `format`, and `queries` (BEIR queries.jsonl or a TREC topics file; trec and beir only) →
 * 201 `{ setId, importId, queries, newQueries, labels, unchanged }`. All or nothing: a 400 lists every
 * problem with its file and line. Engineers and admins (importing is the `import` permission).
 */
export const POST = withRoute(
  { access: "import", params: idParamsSchema },
  async ({ request, user, params }) => {
    const { fields, file, otherFiles } = await readMultipartUpload(request, {
      route: "judgments",
      otherFileFields: ["queries"],
      parseFields: (form) => formSchema.parse({ format: form.format }),
    });
    try {
      const queries = otherFiles.queries;
      const parsed = parseJudgmentFiles({
        format: fields.format,
        judgments: { name: file.name, text: await readFile(file.path, "utf8") },
        ...(queries ? { queries: { name: queries.name, text: await readFile(queries.path, "utf8") } } : {}),
      });
      const imported = await importJudgments(db(), {
        ...parsed,
        setId: params.id,
        importedBy: { id: user.id, email: user.email },
      });
      return Response.json(imported, { status: 201 });
    } finally {
      await rm(file.path, { force: true });
      if (otherFiles.queries) await rm(otherFiles.queries.path, { force: true });
    }
  },
);

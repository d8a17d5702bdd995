import { db } from "@/lib/db/client";
import { loadRunTrec } from "@/lib/db/judgment-exports";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/**
 * GET → a finished run as a document-level TREC run file download (lib/exchange/run-to-trec.ts):
 * each document at its first rank, as document mode scores it. 404 for an unknown run, 409 for
 * one without results yet. Anyone who may open run pages (signed in).
 */
export const GET = withRoute({ access: "signed-in", params: idParamsSchema }, async ({ params }) => {
  const { text, fileName } = await loadRunTrec(db(), params.id);
  return downloadResponse(text, { fileName });
});

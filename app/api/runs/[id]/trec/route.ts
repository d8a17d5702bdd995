import { db } from "@/lib/db/client";
import { loadRunTrec } from "@/lib/db/judgment-exports";
import { runTrecQuerySchema } from "@/lib/exchange/run-trec-level";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/**
 * GET → a finished run as a TREC run file download: document level (lib/exchange/run-to-trec.ts:
 * each document at its first rank, as document mode scores it), or with `?level=passage` every
 * result as `docid#start-end` at its rank (lib/exchange/run-passages-to-trec.ts). 404 for an
 * unknown run, 409 for one without results yet, 400 for another level. Anyone who may open run
 * pages (signed in).
 */
export const GET = withRoute(
  { access: "signed-in", params: idParamsSchema, query: runTrecQuerySchema },
  async ({ params, query }) => {
    const { text, fileName } = await loadRunTrec(db(), params.id, query.level);
    return downloadResponse(text, { fileName });
  },
);

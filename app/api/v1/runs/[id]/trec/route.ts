import { db } from "@/lib/db/client";
import { loadRunTrec } from "@/lib/db/judgment-exports";
import { runTrecQuerySchema } from "@/lib/exchange/run-trec-level";
import { withApiRoute } from "@/lib/http/api-route";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/**
 * GET → the run as a TREC run file, the same files as the run page's downloads
 * (lib/db/judgment-exports loadRunTrec): document level (each document at its first rank), or with
 * `?level=passage` every result as `docid#start-end` at its rank; 400 for another level, 409 until
 * the run succeeded.
 */
export const GET = withApiRoute(
  { access: "signed-in", params: idParamsSchema },
  async ({ params, request }) => {
    const { level } = runTrecQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const { text, fileName } = await loadRunTrec(db(), params.id, level);
    return downloadResponse(text, { fileName });
  },
);

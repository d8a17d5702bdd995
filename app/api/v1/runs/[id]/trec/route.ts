import { db } from "@/lib/db/client";
import { loadRunTrec } from "@/lib/db/judgment-exports";
import { withApiRoute } from "@/lib/http/api-route";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/**
 * GET → the run as a TREC run file, document level (each document at its first rank), the same
 * file as the run page's download (lib/db/judgment-exports loadRunTrec); 409 until it succeeded.
 */
export const GET = withApiRoute({ access: "signed-in", params: idParamsSchema }, async ({ params }) => {
  const { text, fileName } = await loadRunTrec(db(), params.id);
  return downloadResponse(text, { fileName });
});

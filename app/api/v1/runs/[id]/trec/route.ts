import { formatDocumentTrecRun } from "@/lib/api/format-document-trec-run";
import { loadRunResultsForTrec } from "@/lib/db/api-runs";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { withApiRoute } from "@/lib/http/api-route";
import { idParamsSchema } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → the run as a TREC run file, document level (each document at its first rank). */
export const GET = withApiRoute({ access: "signed-in", params: idParamsSchema }, async ({ params }) => {
  const { run, hits } = await loadRunResultsForTrec(db(), params.id);
  if (run.status !== "succeeded")
    throw new AppError("conflict", `The run has not succeeded (${run.status}).`);
  const text = formatDocumentTrecRun(hits, { tag: `${run.config.name}-v${run.config.version}` });
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="run-${run.id}.trec"`,
      "Cache-Control": "no-store",
    },
  });
});

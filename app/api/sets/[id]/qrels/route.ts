import { db } from "@/lib/db/client";
import { loadSetQrels } from "@/lib/db/judgment-exports";
import { formatQrels } from "@/lib/exchange/trec-format";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/**
 * GET → the set's document-level TREC qrels as a download (`qid 0 docid grade`, query keys and
 * documents' ids; grades as the set's judgment policy counts them). Anyone who curates sets.
 */
export const GET = withRoute({ access: "curate", params: idParamsSchema }, async ({ params }) => {
  const text = formatQrels(await loadSetQrels(db(), params.id));
  return downloadResponse(text, { fileName: `set-${params.id}.qrels` });
});

import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { loadBeirQueryLines } from "@/lib/db/judgment-exports";
import { nameExportFile } from "@/lib/exchange/name-export-file";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/**
 * GET → the set's queries as BEIR queries.jsonl (`{"_id": key, "text"}` per line, in the set's
 * order), named `<slug>-queries.jsonl`: the query ids the BEIR qrels download uses. Curators.
 */
export const GET = withRoute({ access: "curate", params: idParamsSchema }, async ({ params }) => {
  const set = await getGoldenSet(db(), params.id);
  const lines = await loadBeirQueryLines(db(), params.id);
  return downloadResponse(lines.map((line) => `${line}\n`).join(""), {
    fileName: nameExportFile({ setName: set.name, kind: "beir-queries" }),
    contentType: "application/x-ndjson; charset=utf-8",
  });
});

import { db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { nameExportFile } from "@/lib/exchange/name-export-file";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** GET → the set as a goldenset v1 JSON download (validated against the schema before it leaves). */
export const GET = withRoute({ access: "curate", params: idParamsSchema }, async ({ params }) => {
  const file = await buildGoldenSetFile(db(), params.id);
  const text = serializeGoldenSetFile(file);
  return downloadResponse(text, {
    fileName: nameExportFile({ setName: file.set.name, kind: "goldenset-json" }),
    contentType: "application/json",
  });
});

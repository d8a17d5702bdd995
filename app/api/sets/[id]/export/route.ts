import { db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { downloadResponse } from "@/lib/http/download-response";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

/** "Support FAQ (v2)" → "support-faq-v2"; ASCII only so the header needs no encoding. */
function fileSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return slug || "golden-set";
}

/** GET → the set as a goldenset v1 JSON download (validated against the schema before it leaves). */
export const GET = withRoute({ access: "curate", params: idParamsSchema }, async ({ params }) => {
  const file = await buildGoldenSetFile(db(), params.id);
  const text = serializeGoldenSetFile(file);
  return downloadResponse(text, {
    fileName: `${fileSlug(file.set.name)}.goldenset.json`,
    contentType: "application/json",
  });
});

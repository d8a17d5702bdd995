import { z } from "zod";
import { db } from "@/lib/db/client";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";
import { searchCorpus } from "@/lib/search/search-corpus";

export const dynamic = "force-dynamic";

const searchQuerySchema = z.object({
  q: z.string().max(500, "The search is too long (500 characters at most)").default(""),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/**
 * GET ?q=…&limit=20 → `{ query, results: [{ document: { id, externalId, title }, span: { start,
 * end }, score, excerpt: { segments: [{ text, match }], clippedStart, clippedEnd } }] }`:
 * full-text search of the set's corpus (lib/search/search-corpus.ts) for the labeling workspace.
 */
export const GET = withRoute(
  { access: "label", params: idParamsSchema, query: searchQuerySchema },
  async ({ params, query }) => {
    const result = await searchCorpus(db(), { setId: params.id, query: query.q, limit: query.limit });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  },
);

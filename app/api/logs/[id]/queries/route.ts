import { db } from "@/lib/db/client";
import { listLogQueryPage } from "@/lib/db/log-insights";
import { getQueryLog } from "@/lib/db/query-logs";
import { idParamsSchema, withRoute } from "@/lib/http/route-handler";
import { logQueryPageParamsSchema, logQueryPageSchema } from "@/lib/logs/log-queries-schema";

export const dynamic = "force-dynamic";

/** GET ?offset=&limit=&search=&class= → one page of the log's queries (the virtualized table). */
export const GET = withRoute(
  { access: "signed-in", params: idParamsSchema, query: logQueryPageParamsSchema },
  async ({ params: { id }, query }) => {
    await getQueryLog(db(), id);
    const page = await listLogQueryPage(db(), {
      queryLogId: id,
      offset: query.offset,
      limit: query.limit,
      ...(query.search ? { search: query.search } : {}),
      ...(query.class ? { queryClass: query.class } : {}),
    });
    return Response.json(logQueryPageSchema.parse(page), { headers: { "Cache-Control": "no-store" } });
  },
);

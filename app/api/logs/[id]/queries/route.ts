import { requireUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listLogQueryPage } from "@/lib/db/log-insights";
import { getQueryLog } from "@/lib/db/query-logs";
import { withErrors } from "@/lib/http/route-handler";
import { logQueryPageParamsSchema, logQueryPageSchema } from "@/lib/logs/log-queries-schema";

export const dynamic = "force-dynamic";

/** GET ?offset=&limit=&search=&class= → one page of the log's queries (the virtualized table). */
export const GET = withErrors(async (request: Request, context: { params: Promise<{ id: string }> }) => {
  await requireUser();
  const { id } = await context.params;
  const params = logQueryPageParamsSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  await getQueryLog(db(), id);
  const page = await listLogQueryPage(db(), {
    queryLogId: id,
    offset: params.offset,
    limit: params.limit,
    ...(params.search ? { search: params.search } : {}),
    ...(params.class ? { queryClass: params.class } : {}),
  });
  return Response.json(logQueryPageSchema.parse(page), { headers: { "Cache-Control": "no-store" } });
});

import { checkDatabase } from "@/lib/db/health";
import { withRoute } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

export const GET = withRoute({ access: "public" }, async () => {
  await checkDatabase();
  return Response.json({ ok: true });
});

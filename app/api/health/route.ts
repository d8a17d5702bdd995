import { checkDatabase } from "@/lib/db/health";
import { withErrors } from "@/lib/http/route-handler";

export const dynamic = "force-dynamic";

export const GET = withErrors(async () => {
  await checkDatabase();
  return Response.json({ ok: true });
});

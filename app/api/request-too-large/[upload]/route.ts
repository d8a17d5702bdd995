import { UPLOAD_ROUTE_NAMES, type UploadRouteName } from "@/lib/http/body-limits";
import { tooLargeResponse } from "../too-large-response";

export const dynamic = "force-dynamic";

/**
 * Where next.config.ts rewrites an upload whose announced body is over its route's limit
 * (lib/http/body-limits.ts UPLOAD_ROUTES; the segment is the route's name): 413 naming that
 * route's limit, without reading the body.
 */
async function refuse(
  _request: Request,
  context: { params: Promise<{ upload: string }> },
): Promise<Response> {
  const { upload } = await context.params;
  const name = (UPLOAD_ROUTE_NAMES as string[]).includes(upload) ? (upload as UploadRouteName) : undefined;
  return tooLargeResponse(name);
}

export const GET = refuse;
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;

import { tooLargeResponse } from "./too-large-response";

export const dynamic = "force-dynamic";

/**
 * Where next.config.ts rewrites a request whose body is over REQUEST_BODY_LIMIT_BYTES (or of
 * unannounced length) outside the upload routes: 413 without reading the body.
 */
async function refuse(): Promise<Response> {
  return tooLargeResponse(undefined);
}

export const GET = refuse;
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;

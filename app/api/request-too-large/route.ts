import { tooLargeMessage } from "@/lib/http/body-limits";

export const dynamic = "force-dynamic";

/**
 * Where next.config.ts rewrites a request whose body is over REQUEST_BODY_LIMIT_BYTES (or of
 * unannounced length) outside the upload routes: 413 without reading the body, and the
 * connection closed so the server stops receiving it.
 */
async function refuse(): Promise<Response> {
  return Response.json(
    { error: tooLargeMessage(undefined), code: "payload_too_large" },
    { status: 413, headers: { connection: "close" } },
  );
}

export const GET = refuse;
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;

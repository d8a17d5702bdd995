import { REQUEST_BODY_LIMIT_BYTES } from "@/lib/http/body-limits";

export const dynamic = "force-dynamic";

/**
 * Where next.config.ts rewrites a request whose body is over REQUEST_BODY_LIMIT_BYTES (or of
 * unannounced length) outside the upload routes: 413 without reading the body, and the
 * connection closed so the server stops receiving it.
 */
async function refuse(): Promise<Response> {
  return Response.json(
    {
      error: `The request body is larger than ${REQUEST_BODY_LIMIT_BYTES / 1_000_000} MB. Files are imported through /api/corpora/import, /api/logs/import and /api/sets/import.`,
      code: "payload_too_large",
    },
    { status: 413, headers: { connection: "close" } },
  );
}

export const GET = refuse;
export const POST = refuse;
export const PUT = refuse;
export const PATCH = refuse;
export const DELETE = refuse;

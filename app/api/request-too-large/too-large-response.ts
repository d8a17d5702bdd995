import { tooLargeMessage, type UploadRouteName } from "@/lib/http/body-limits";

/**
 * The 413 of a body refused before it is read (next.config.ts rewrites it here): the limit of
 * `upload`'s route, or the general request body limit, and the connection closed so the server
 * stops receiving it.
 */
export function tooLargeResponse(upload: UploadRouteName | undefined): Response {
  return Response.json(
    { error: tooLargeMessage(upload), code: "payload_too_large" },
    { status: 413, headers: { connection: "close" } },
  );
}

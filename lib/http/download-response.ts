/**
 * A file download: the body with its type, `attachment` under `fileName` (ASCII, so the header
 * needs no encoding), never cached — exports are read from the database as it is now.
 */
export function downloadResponse(
  body: string,
  options: { fileName: string; contentType?: string },
): Response {
  return new Response(body, {
    headers: {
      "Content-Type": options.contentType ?? "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${options.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

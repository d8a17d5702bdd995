/** How the upload form reads a route handler's answer (see lib/http/route-handler.ts for errors). */

export type UploadOutcome =
  | { kind: "job"; jobId: string }
  | { kind: "done"; body: Record<string, unknown> }
  | { kind: "error"; message: string; location: string | null };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** "line 12 · queries[3].text" from `{ line?, path? }` (path as a string or path segments). */
export function describeLocation(location: unknown): string | null {
  if (!isRecord(location)) return null;
  const parts: string[] = [];
  if (typeof location.line === "number") parts.push(`line ${location.line}`);
  if (typeof location.path === "string" && location.path !== "") parts.push(location.path);
  if (Array.isArray(location.path) && location.path.length > 0) {
    parts.push(
      location.path
        .map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`))
        .join(""),
    );
  }
  return parts.length > 0 ? parts.join(" · ") : null;
}

/**
 * 2xx with a string `jobId` → a background job to follow; other 2xx → done; anything else
 * (or a body with an `error`) → an error with its location when the server gave one.
 */
export function interpretUploadResponse(status: number, body: unknown): UploadOutcome {
  const ok = status >= 200 && status < 300;
  if (ok && isRecord(body) && typeof body.jobId === "string") return { kind: "job", jobId: body.jobId };
  if (isRecord(body) && typeof body.error === "string" && body.error !== "") {
    return { kind: "error", message: body.error, location: describeLocation(body.location) };
  }
  if (!ok) {
    const message =
      status === 413
        ? "The file is too large for the server to accept."
        : `The upload failed (HTTP ${status}).`;
    return { kind: "error", message, location: null };
  }
  return { kind: "done", body: isRecord(body) ? body : {} };
}

/** Fills `{name}` placeholders from a response body, e.g. "/sets/{setId}"; null if one is missing. */
export function fillTemplate(template: string, body: Record<string, unknown>): string | null {
  let missing = false;
  const filled = template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = body[key];
    if (typeof value !== "string" && typeof value !== "number") {
      missing = true;
      return "";
    }
    return encodeURIComponent(String(value));
  });
  return missing ? null : filled;
}

/** "12.3 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

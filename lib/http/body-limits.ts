// Imported by next.config.ts as well as by proxy.ts: no imports, no "@/" paths.

/**
 * The largest request body the app reads into memory: a server action's arguments, a JSON or
 * form body of an API route, a sign-in. 1 MB (10^6 bytes) holds a thousand selected log queries
 * many times over. Files are not sent this way: they stream to disk through UPLOAD_ROUTE_PATHS.
 */
export const REQUEST_BODY_LIMIT_BYTES = 1_000_000;

/**
 * A Content-Length of at most REQUEST_BODY_LIMIT_BYTES, as a regular expression on the header's
 * value (Next.js anchors it with ^…$). Route matchers take a pattern, not a number comparison.
 */
export const WITHIN_LIMIT_CONTENT_LENGTH = "(?:\\d{1,6}|1000000)";

/**
 * The routes that stream an upload to disk (lib/http/uploads.ts readMultipartUpload) after they
 * authenticate the caller, up to their own limit (1 GiB). Only they may receive a larger body.
 */
export const UPLOAD_ROUTE_PATHS = ["/api/corpora/import", "/api/logs/import", "/api/sets/import"] as const;

/** Answers 413 to whatever is rewritten to it (app/api/request-too-large/route.ts). */
export const REQUEST_TOO_LARGE_PATH = "/api/request-too-large";

export function isUploadRoute(pathname: string): boolean {
  return (UPLOAD_ROUTE_PATHS as readonly string[]).includes(pathname);
}

type HeaderCondition = { type: "header"; key: string; value?: string };
export type Rewrite = {
  source: string;
  destination: string;
  has?: HeaderCondition[];
  missing?: HeaderCondition[];
};

/** Every path but the upload routes, in Next.js's route syntax. */
const ALL_BUT_UPLOADS = `/:path((?!(?:${UPLOAD_ROUTE_PATHS.map((path) => path.slice(1)).join("|")})$).*)`;

/**
 * next.config `rewrites().beforeFiles`: a body over the limit, or of unannounced length
 * (`Transfer-Encoding: chunked`), anywhere but an upload route goes to REQUEST_TOO_LARGE_PATH,
 * which answers 413 without reading it. Rewrites are applied before anything reads the body —
 * unlike proxy.ts, which Next.js makes wait for the whole body of a request it runs on — so the
 * refusal arrives while a client is still sending. proxy.ts therefore runs only on requests
 * within the limit (its matcher), and these requests never reach it.
 */
export function oversizedBodyRewrites(): Rewrite[] {
  return [
    {
      source: ALL_BUT_UPLOADS,
      has: [{ type: "header", key: "content-length" }],
      missing: [{ type: "header", key: "content-length", value: WITHIN_LIMIT_CONTENT_LENGTH }],
      destination: REQUEST_TOO_LARGE_PATH,
    },
    {
      source: ALL_BUT_UPLOADS,
      has: [{ type: "header", key: "transfer-encoding" }],
      destination: REQUEST_TOO_LARGE_PATH,
    },
  ];
}

// Imported by next.config.ts as well as by proxy.ts: no imports, no "@/" paths.

/**
 * The largest request body the app reads into memory: a server action's arguments, a JSON or
 * form body of an API route, a sign-in. 1 MB (10^6 bytes) holds a thousand selected log queries
 * many times over. Files are not sent this way: they stream to disk through UPLOAD_ROUTES.
 */
export const REQUEST_BODY_LIMIT_BYTES = 1_000_000;

const MB = 1024 ** 2;
const GB = 1024 ** 3;

/**
 * Room in a multipart body for its text fields and part headers, on top of the files: the
 * multipart reader allows 100 fields of 64 KiB (lib/http/uploads.ts).
 */
const MULTIPART_FIELDS_ALLOWANCE_BYTES = 8 * MB;

export type UploadRoute = {
  /** the route in Next.js's route syntax (`:id` for a dynamic segment) */
  path: string;
  /** the largest file the route takes, per file field (lib/http/uploads.ts maxBytes) */
  maxFileBytes: number;
  /** how many file fields it takes (the judgments route: judgments and queries) */
  fileFields: number;
  /** what is uploaded there, for messages */
  what: string;
};

/**
 * THE table of upload routes and their limits: the routes that stream a file to disk after they
 * authenticate the caller (lib/http/uploads.ts readMultipartUpload). Only they may receive a body
 * over REQUEST_BODY_LIMIT_BYTES. The front check (oversizedBodyRewrites, in next.config.ts)
 * refuses a body over `uploadBodyLimitBytes` of its route before it is read, and each route's
 * reader refuses a file over `maxFileBytes` as soon as it crosses it.
 */
export const UPLOAD_ROUTES = {
  corpus: { path: "/api/corpora/import", maxFileBytes: GB, fileFields: 1, what: "a corpus" },
  log: { path: "/api/logs/import", maxFileBytes: GB, fileFields: 1, what: "a query log" },
  set: { path: "/api/sets/import", maxFileBytes: 50 * MB, fileFields: 1, what: "a golden set file" },
  run: { path: "/api/sets/:id/runs", maxFileBytes: GB, fileFields: 1, what: "a run file" },
  judgments: {
    path: "/api/sets/:id/judgments",
    maxFileBytes: 100 * MB,
    fileFields: 2,
    what: "a judgments file and its queries file",
  },
} as const satisfies Record<string, UploadRoute>;

export type UploadRouteName = keyof typeof UPLOAD_ROUTES;

export const UPLOAD_ROUTE_NAMES = Object.keys(UPLOAD_ROUTES) as UploadRouteName[];

/** The largest request body an upload route takes: its files and the form around them. */
export function uploadBodyLimitBytes(name: UploadRouteName): number {
  const route: UploadRoute = UPLOAD_ROUTES[name];
  return route.maxFileBytes * route.fileFields + MULTIPART_FIELDS_ALLOWANCE_BYTES;
}

/** 1073741824 → "1 GB", 52428800 → "50 MB", 1000000 → "1 MB" (decimal for the 10^6 body limit). */
export function formatByteLimit(bytes: number): string {
  if (bytes >= GB && bytes % GB === 0) return `${bytes / GB} GB`;
  if (bytes >= MB && bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % 1_000_000 === 0) return `${bytes / 1_000_000} MB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${bytes} bytes`;
}

/** The 413 answer's message for a body over the limit of `name`'s route (undefined: not an upload route). */
export function tooLargeMessage(name: UploadRouteName | undefined): string {
  if (name === undefined)
    return `The request body is larger than ${formatByteLimit(REQUEST_BODY_LIMIT_BYTES)}, the limit of this route. Files are uploaded through the upload routes (${UPLOAD_ROUTE_NAMES.map((key) => UPLOAD_ROUTES[key].path).join(", ")}).`;
  const route: UploadRoute = UPLOAD_ROUTES[name];
  const perFile = route.fileFields > 1 ? " each" : "";
  return `The upload is larger than this route takes: ${route.what} of at most ${formatByteLimit(route.maxFileBytes)}${perFile} (${route.path}).`;
}

/**
 * A regular expression (unanchored; Next.js anchors header values with ^…$) for the decimal
 * numbers from 0 to `limit`: route matchers compare strings, not numbers. 1000000 gives
 * `(?:\d{1,6}|1000000)`.
 */
export function atMostPattern(limit: number): string {
  const digits = String(limit);
  const alternatives = digits.length > 1 ? [`\\d{1,${digits.length - 1}}`] : [];
  for (let index = 0; index < digits.length; index++) {
    const digit = Number(digits[index]);
    // a lower digit here, anything after; none below 0, and no leading 0 (covered by the shorter numbers)
    const lowest = index === 0 && digits.length > 1 ? 1 : 0;
    if (digit <= lowest) continue;
    const rest = digits.length - index - 1;
    const range = digit - 1 === lowest ? String(lowest) : `[${lowest}-${digit - 1}]`;
    alternatives.push(`${digits.slice(0, index)}${range}${rest > 0 ? `\\d{${rest}}` : ""}`);
  }
  alternatives.push(digits);
  return `(?:${alternatives.join("|")})`;
}

/** A Content-Length of at most REQUEST_BODY_LIMIT_BYTES (proxy.ts's matcher must spell it out). */
export const WITHIN_LIMIT_CONTENT_LENGTH = atMostPattern(REQUEST_BODY_LIMIT_BYTES);

/** Answers 413 to whatever is rewritten to it (app/api/request-too-large/route.ts). */
export const REQUEST_TOO_LARGE_PATH = "/api/request-too-large";

/** The regular expression of an upload route's path: `:id` is one segment. */
function pathPattern(route: UploadRoute): string {
  return route.path.slice(1).replace(/:[a-z]+/gi, "[^/]+");
}

const UPLOAD_PATH_REGEXES = UPLOAD_ROUTE_NAMES.map(
  (name) => [name, new RegExp(`^/${pathPattern(UPLOAD_ROUTES[name])}$`)] as const,
);

/** The upload route a path names, or undefined. */
function uploadRouteOf(pathname: string): UploadRouteName | undefined {
  return UPLOAD_PATH_REGEXES.find(([, regex]) => regex.test(pathname))?.[0];
}

export function isUploadRoute(pathname: string): boolean {
  return uploadRouteOf(pathname) !== undefined;
}

type HeaderCondition = { type: "header"; key: string; value?: string };
export type Rewrite = {
  source: string;
  destination: string;
  has?: HeaderCondition[];
  missing?: HeaderCondition[];
};

/** Every path but the upload routes, in Next.js's route syntax. */
const ALL_BUT_UPLOADS = `/:path((?!(?:${UPLOAD_ROUTE_NAMES.map((name) => pathPattern(UPLOAD_ROUTES[name])).join("|")})$).*)`;

/**
 * next.config `rewrites().beforeFiles`: a body over the limit, or of unannounced length
 * (`Transfer-Encoding: chunked`), anywhere but an upload route goes to REQUEST_TOO_LARGE_PATH; a
 * body announced over its upload route's limit goes to REQUEST_TOO_LARGE_PATH/<route name>. Both
 * answer 413 without reading it. Rewrites are applied before anything reads the body — unlike
 * proxy.ts, which Next.js makes wait for the whole body of a request it runs on — so the refusal
 * arrives while a client is still sending. proxy.ts therefore runs only on requests within the
 * limit (its matcher), and these requests never reach it. Chunked uploads are counted by the
 * route's reader.
 */
export function oversizedBodyRewrites(): Rewrite[] {
  const uploads = UPLOAD_ROUTE_NAMES.map(
    (name): Rewrite => ({
      source: UPLOAD_ROUTES[name].path,
      has: [{ type: "header", key: "content-length" }],
      missing: [{ type: "header", key: "content-length", value: atMostPattern(uploadBodyLimitBytes(name)) }],
      destination: `${REQUEST_TOO_LARGE_PATH}/${name}`,
    }),
  );
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
    ...uploads,
  ];
}

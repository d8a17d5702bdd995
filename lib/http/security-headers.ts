// Imported by next.config.ts as well as by proxy.ts: no imports, no "@/" paths.

/** One response header, the shape next.config's `headers()` takes. */
export type ResponseHeader = { key: string; value: string };

type Directive = readonly [name: string, ...sources: string[]];

/** Directives every policy ends with: no plugins, no <base> pointing elsewhere, forms post here, no framing. */
const LOCKED_DIRECTIVES: readonly Directive[] = [
  ["object-src", "'none'"],
  ["base-uri", "'self'"],
  ["form-action", "'self'"],
  ["frame-ancestors", "'none'"],
];

/**
 * The policy for HTML pages, rendered per request with a fresh nonce (proxy.ts). Next.js reads the
 * nonce from this header on the request and puts it on its own scripts and inline styles.
 *
 * - scripts: only those carrying the nonce, and what they load ('strict-dynamic'); development adds
 *   'unsafe-eval', which React's dev build uses to rebuild server error stacks.
 * - styles: the app's stylesheets and Next.js's nonced inline styles. `style-src-attr
 *   'unsafe-inline'` is needed because bars and charts are sized per row on the server
 *   (`style={{ width: "42%" }}` in progress bars, the coverage and class-mix charts, the sweep
 *   heatmap, the virtualized log table): an attribute cannot carry a nonce, and one the browser
 *   blocked is not restored by hydration. A style attribute styles its own element and runs
 *   nothing. Development allows unnonced style elements too (the dev server injects them).
 * - images: the app's own, plus `blob:` — the comparison page exports a chart as PNG by drawing
 *   its SVG, serialized into a Blob, onto a canvas through an <img>; a blob: URL can only come
 *   from a script already running on the page (nonced), so it admits no outside image.
 * - everything else a page loads is the app's own: fonts, fetches (connect-src 'self' also covers
 *   the dev server's same-origin websocket).
 */
export function pageContentSecurityPolicy(options: { nonce: string; development?: boolean }): string {
  const nonce = `'nonce-${options.nonce}'`;
  const development = options.development ?? false;
  return serializePolicy([
    ["default-src", "'self'"],
    ["script-src", "'self'", nonce, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", development ? "'unsafe-inline'" : nonce],
    ["style-src-attr", "'unsafe-inline'"],
    ["img-src", "'self'", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ...LOCKED_DIRECTIVES,
  ]);
}

/**
 * The policy for every response that is not a page (API JSON, static assets, files in public/):
 * opened in a tab, it loads and runs nothing. proxy.ts replaces it on pages.
 */
export const RESOURCE_CONTENT_SECURITY_POLICY = serializePolicy([
  ["default-src", "'none'"],
  ...LOCKED_DIRECTIVES,
]);

/** Browser features the app never uses, denied to it and to anything it might embed. */
const DENIED_FEATURES = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
] as const;

/**
 * Headers on every response, pages included (next.config.ts `headers()`). Keys are lower case so
 * that the per-request page policy proxy.ts sets replaces the resource policy instead of joining it.
 */
export const SECURITY_HEADERS: readonly ResponseHeader[] = [
  { key: "content-security-policy", value: RESOURCE_CONTENT_SECURITY_POLICY },
  { key: "x-content-type-options", value: "nosniff" },
  { key: "x-frame-options", value: "DENY" },
  { key: "referrer-policy", value: "strict-origin-when-cross-origin" },
  { key: "permissions-policy", value: DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ") },
  // Another site's window cannot keep a handle on a Goldenset tab it opened.
  { key: "cross-origin-opener-policy", value: "same-origin" },
];

function serializePolicy(directives: readonly Directive[]): string {
  return directives.map((directive) => directive.join(" ")).join("; ");
}

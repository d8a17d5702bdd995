/**
 * The app's one date format: ISO-style and in UTC, so it reads the same on every page and is
 * identical on the server and in the browser (no hydration mismatch).
 * `formatDateTime` → "2026-12-01 00:21 UTC"; `formatDay` → "2026-12-01".
 */
export function formatDateTime(value: Date | string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? String(value)
    : `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function formatDay(value: Date | string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 10);
}

/**
 * Where to go after signing in: a path on this site, else "/". Refuses what a browser would
 * take to another host — `//evil.example`, `/\evil.example` (browsers read `\` as `/`), schemes,
 * control characters (a tab or newline inside `//` is dropped by URL parsing) — by resolving the
 * value against a placeholder origin and keeping it only when the origin stays the same.
 */
export function safeRedirectPath(next: string | string[] | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value?.startsWith("/") || value.includes("\\") || hasControlCharacter(value)) return "/";
  const base = "http://goldenset.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return "/";
  }
  if (url.origin !== base) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

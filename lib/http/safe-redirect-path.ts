/**
 * Where to go after signing in (or after any step whose target comes from a request): the raw
 * value when it is plainly a path on this site, else "/". The value is judged as given, never
 * resolved first — resolving removes dot segments, and `/.//evil.example` becomes
 * `//evil.example`, which a browser takes to another host. A path is kept only when it begins
 * with exactly one `/`, holds no backslash (browsers read `\` as `/`) and no control character
 * (URL parsing drops a tab or newline inside `//`), and its path part — percent-decoded until
 * nothing changes, as a server or proxy in front might — still has none of those, no empty
 * segment (`//`) and no `.` or `..` segment. Every redirect whose target comes from input goes
 * through this function.
 */
export function safeRedirectPath(next: string | string[] | undefined): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (value === undefined || !isPlainPath(value)) return "/";
  const pathPart = value.split(/[?#]/, 1)[0] ?? "";
  const decoded = fullyDecoded(pathPart);
  if (decoded === null || !isPlainPath(decoded) || hasDotOrEmptySegment(decoded)) return "/";
  // A last check by the URL parser a browser uses: the target stays on this origin, path intact.
  const base = "http://goldenset.invalid";
  try {
    const url = new URL(value, base);
    if (url.origin !== base || url.pathname.startsWith("//")) return "/";
  } catch {
    return "/";
  }
  return value;
}

/** Begins with exactly one `/`; no backslash and no control character anywhere. */
function isPlainPath(value: string): boolean {
  return (
    value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && !hasControlCharacter(value)
  );
}

/** `/a//b`, `/./a`, `/a/..` — segments that a resolver collapses or that stand for a host. */
function hasDotOrEmptySegment(path: string): boolean {
  return path
    .slice(1)
    .split("/")
    .some((segment, index, segments) => {
      if (segment === "." || segment === "..") return true;
      return segment === "" && index < segments.length - 1; // a trailing slash is fine
    });
}

/** Percent-decoded until it stops changing (at most 4 rounds); null when malformed or deeper. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return null;
}

/** C0 controls, DEL and the C1 controls. */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** The sign-in page, which comes back to `next` (a path of this site, judged above) once signed in. */
export function signInPath(next: string): string {
  return `/sign-in?${new URLSearchParams({ next })}`;
}

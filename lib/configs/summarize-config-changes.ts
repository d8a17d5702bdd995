import { type ConfigChange, diffConfigs } from "@/lib/configs/diff-configs";

/** The keys that say which variant of a setting an object is (`retriever.kind`, `chunking.strategy`). */
const VARIANT_KEYS = new Set(["kind", "strategy"]);

/**
 * What changed between two configurations, one entry per setting a person changed — the count
 * behind "change one thing at a time". Built on `diffConfigs`' leaf paths, with two merges:
 * - a setting that switched variant (its `kind` or `strategy` changed: BM25 → hybrid, fixed
 *   characters → sentences) is ONE change at that setting's path, whatever parameters the new
 *   variant brings; `before`/`after` are the whole settings;
 * - a setting that appeared or went away (no reranker → a reranker) is one change too.
 * Otherwise each changed leaf is a change (chunk size and overlap are two). Paths keep the order
 * of `diffConfigs`; merged entries take the place of their first leaf.
 */
export function summarizeConfigChanges(options: { before: unknown; after: unknown }): ConfigChange[] {
  const leaves = diffConfigs(options);
  const roots = new Set<string>();
  for (const change of leaves) {
    const segments = change.path.split(".");
    const last = segments.at(-1) ?? "";
    if (VARIANT_KEYS.has(last) && segments.length > 1) roots.add(segments.slice(0, -1).join("."));
    if (isAbsentOrNull(change.before) !== isAbsentOrNull(change.after)) {
      // a leaf that exists on one side only: the nearest ancestor present on both sides as an
      // object is unchanged, so the setting that appeared is the first segment missing on one side
      roots.add(appearingRoot(options, segments));
    }
  }
  const outermost = [...roots].filter(
    (root) => ![...roots].some((other) => other !== root && root.startsWith(`${other}.`)),
  );
  const merged: ConfigChange[] = [];
  const emitted = new Set<string>();
  for (const change of leaves) {
    const root = outermost.find(
      (candidate) => change.path === candidate || change.path.startsWith(`${candidate}.`),
    );
    if (!root) {
      merged.push(change);
      continue;
    }
    if (emitted.has(root)) continue;
    emitted.add(root);
    merged.push({ path: root, before: valueAt(options.before, root), after: valueAt(options.after, root) });
  }
  return merged;
}

function isAbsentOrNull(value: unknown): boolean {
  return value === undefined || value === null;
}

function appearingRoot(options: { before: unknown; after: unknown }, segments: string[]): string {
  for (let length = 1; length <= segments.length; length++) {
    const path = segments.slice(0, length).join(".");
    if (isAbsentOrNull(valueAt(options.before, path)) || isAbsentOrNull(valueAt(options.after, path)))
      return path;
  }
  return segments.join(".");
}

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split(".")) {
    if (typeof current !== "object" || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

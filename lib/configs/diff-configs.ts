/** One changed leaf: `before`/`after` is `undefined` where the path exists on one side only. */
export type ConfigChange = { path: string; before: unknown; after: unknown };

/**
 * The configuration's flags whose absence means false (config-schema.ts: saved before the option
 * existed, or the form writes them only when on): `false` on one side and nothing on the other is
 * no change.
 */
const ABSENT_MEANS_FALSE = new Set(["prependTitle", "ignoreIdenticalIds"]);

/**
 * A readable diff of two configurations (or any JSON values): nested objects are flattened to dotted
 * paths ("retriever.k1", "retriever.provider.dimensions"); arrays and scalars are leaves compared by
 * value, except that an ABSENT_MEANS_FALSE flag that is false equals its absence. Paths come in the
 * order of `before`, then those only in `after`. Equal configs → [].
 */
export function diffConfigs(options: { before: unknown; after: unknown }): ConfigChange[] {
  const before = flattenLeaves(options.before);
  const after = flattenLeaves(options.after);
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths.flatMap((path) => {
    const was = before.get(path);
    const is = after.get(path);
    const isFlag = ABSENT_MEANS_FALSE.has(path.split(".").at(-1) ?? "");
    if (isFlag && isOffOrAbsent(was) && isOffOrAbsent(is)) return [];
    return JSON.stringify(was) === JSON.stringify(is) ? [] : [{ path, before: was, after: is }];
  });
}

function isOffOrAbsent(value: unknown): boolean {
  return value === undefined || value === false;
}

function flattenLeaves(value: unknown, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      flattenLeaves(child, prefix ? `${prefix}.${key}` : key, into);
    }
  } else if (prefix !== "" || value !== undefined) {
    into.set(prefix, value);
  }
  return into;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

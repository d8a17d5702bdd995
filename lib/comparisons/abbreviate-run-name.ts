/**
 * A run's name cut to at most `maxChars` characters for a narrow column header, keeping its start
 * and its end with "…" between: runs of one configuration differ at the end ("… v2", "…=800"), so
 * cutting only the end would make their headers read alike. The full name goes in the title.
 */
export function abbreviateRunName(name: string, maxChars: number): string {
  const characters = [...name]; // code points: never split a surrogate pair
  if (characters.length <= maxChars) return name;
  const kept = Math.max(2, maxChars - 1);
  const tail = Math.floor(kept / 2);
  const head = kept - tail;
  return `${characters.slice(0, head).join("").trimEnd()}…${characters.slice(-tail).join("").trimStart()}`;
}

/** The Δ column's heading: which run it measures against which ("Δ Hybrid RRF v1 vs BM25 baseline v1"). */
export function deltaHeading(options: { runName: string; baselineName: string }): string {
  return `Δ ${options.runName} vs ${options.baselineName}`;
}

/** What separates a sweep's name from a point's values in the point's run name ("<sweep> · <values>"). */
const SWEEP_SEPARATOR = " · ";

/**
 * Column labels for runs side by side: a sweep's points compared together lose their shared sweep
 * name (the start of "<sweep> · chunking.size=800 · k1=1.5 v1"), which would fill every header
 * alike, keeping the values that tell them apart; then each is cut to `maxChars`. A run whose
 * prefix no other run shares keeps its whole name.
 */
export function runColumnLabels(names: readonly string[], maxChars: number): string[] {
  const prefixOf = (name: string) => {
    const at = name.indexOf(SWEEP_SEPARATOR);
    return at > 0 ? name.slice(0, at) : null;
  };
  const counts = new Map<string, number>();
  for (const name of names) {
    const prefix = prefixOf(name);
    if (prefix) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return names.map((name) => {
    const prefix = prefixOf(name);
    const shared = prefix !== null && (counts.get(prefix) ?? 0) > 1;
    return abbreviateRunName(shared ? name.slice(prefix.length + SWEEP_SEPARATOR.length) : name, maxChars);
  });
}

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

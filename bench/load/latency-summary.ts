/**
 * Figures of a load run, from the raw samples: per request kind and overall, how many requests,
 * how many per second over the run's wall time, and exact latency percentiles (nearest rank on
 * the sorted samples: at tens of thousands of samples a histogram would only approximate them).
 * Pure: samples and the elapsed time come in.
 */

/**
 * One finished request: its kind, its latency to the last byte in milliseconds, whether it
 * answered as expected, its response body in bytes, and the server CPU it cost in milliseconds
 * (null or absent when not measured: only a lone client's requests can be timed that way).
 */
export type Sample = { kind: string; ms: number; ok: boolean; bytes?: number; serverCpuMs?: number | null };

export type LatencyRow = {
  kind: string;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Mean response body size in bytes. */
  meanBytes: number;
  /** Mean server CPU per request in milliseconds, over the samples that measured it; null for none. */
  serverCpuMs: number | null;
};

/** The nearest-rank percentile (`share` in 0–1) of ascending `sorted`; 0 for no samples. */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil(share * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

function row(kind: string, samples: readonly Sample[], elapsedMs: number): LatencyRow {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    kind,
    requests: samples.length,
    errors: samples.filter((sample) => !sample.ok).length,
    requestsPerSecond: elapsedMs > 0 ? (samples.length * 1000) / elapsedMs : 0,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    meanBytes: mean(samples.map((sample) => sample.bytes ?? 0)) ?? 0,
    serverCpuMs: mean(
      samples.flatMap((sample) => (typeof sample.serverCpuMs === "number" ? [sample.serverCpuMs] : [])),
    ),
  };
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** One row per kind, in `kinds` order (kinds without samples included), then "all requests". */
export function summarizeLatencies(options: {
  samples: readonly Sample[];
  kinds: readonly string[];
  elapsedMs: number;
}): LatencyRow[] {
  const { samples, elapsedMs } = options;
  return [
    ...options.kinds.map((kind) =>
      row(
        kind,
        samples.filter((sample) => sample.kind === kind),
        elapsedMs,
      ),
    ),
    row("all requests", samples, elapsedMs),
  ];
}

/**
 * The rows as a Markdown table (what bench/README.md quotes), with the mean response size; a
 * column of server CPU per request when any row measured it; with `peer` rows (the same kinds
 * measured another way, e.g. one annotator alone), a column of this p50 over the peer's.
 */
export function latencyTable(rows: readonly LatencyRow[], peer?: readonly LatencyRow[]): string {
  const withCpu = rows.some((entry) => entry.serverCpuMs !== null);
  const ratio = (entry: LatencyRow) => {
    const peerP50 = peer?.find((other) => other.kind === entry.kind)?.p50 ?? 0;
    return peerP50 > 0 ? ` ${(entry.p50 / peerP50).toFixed(1)} |` : " |";
  };
  const cpu = (entry: LatencyRow) =>
    entry.serverCpuMs === null ? " |" : ` ${entry.serverCpuMs.toFixed(1)} |`;
  const lines = [
    `| request | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | bytes |${withCpu ? " server CPU ms |" : ""}${peer ? " p50 × alone |" : ""}`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${withCpu ? " ---: |" : ""}${peer ? " ---: |" : ""}`,
    ...rows.map(
      (entry) =>
        `| ${entry.kind} | ${entry.requests} | ${entry.requestsPerSecond.toFixed(1)} | ${entry.p50.toFixed(1)} | ${entry.p95.toFixed(1)} | ${entry.p99.toFixed(1)} | ${entry.max.toFixed(1)} | ${entry.errors} | ${Math.round(entry.meanBytes)} |${withCpu ? cpu(entry) : ""}${peer ? ratio(entry) : ""}`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}

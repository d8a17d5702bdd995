import { COUNT_MEASURES } from "@/lib/eval/trec/select-measures";

/**
 * C's `printf("%6.4f", value)` with glibc: like `toFixed(4)` except on exact halves, which glibc
 * rounds to even and `toFixed` away from zero. A double is exactly halfway at the 4th decimal only
 * when it is an odd multiple of 1/32 (x·10⁴ = n + ½ needs x = m/32, m odd): 1/32 prints 0.0312.
 */
export function formatFixed4(value: number): string {
  if (!Number.isFinite(value)) return (Number.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf").padStart(6);
  const thirtySeconds = value * 32; // exact: a power of two
  if (Number.isInteger(thirtySeconds) && thirtySeconds % 2 !== 0 && Math.abs(value) < 2 ** 30) {
    let tenThousandths = Math.floor(Math.abs(value) * 10_000); // exact: m · 312.5 with m < 2^35
    if (tenThousandths % 2 === 1) tenThousandths++;
    const whole = Math.floor(tenThousandths / 10_000);
    const fraction = String(tenThousandths % 10_000).padStart(4, "0");
    return `${value < 0 ? "-" : ""}${whole}.${fraction}`.padStart(6);
  }
  return value.toFixed(4).padStart(6);
}

/**
 * One line of trec_eval's output: `%-22s\t%s\t%6.4f\n`, or `%ld` for the counts (`num_*`).
 * `queryId` is a query id or `all`.
 */
export function formatMeasureLine(name: string, queryId: string, value: number): string {
  const text = COUNT_MEASURES.has(name) ? String(Math.trunc(value)) : formatFixed4(value);
  return `${name.padEnd(22)}\t${queryId}\t${text}\n`;
}

/**
 * trec_eval's report: with `perQueryLines`, each query's lines (queries in the given order, which
 * should be byte order; `num_q` only appears in `all`), then the `all` lines. Yields the text in
 * pieces of about `chunkChars` characters, so that 10,000 queries × 37 measures never sit in
 * memory as one string.
 */
export function* formatTrecEvalReport(options: {
  names: readonly string[];
  queries: readonly { queryId: string; values: Float64Array }[];
  summary: Float64Array;
  perQueryLines: boolean;
  chunkChars?: number;
}): Generator<string> {
  const { names, queries, summary } = options;
  const chunkChars = options.chunkChars ?? 1 << 20;
  let chunk = "";
  if (options.perQueryLines) {
    for (const { queryId, values } of queries) {
      names.forEach((name, j) => {
        if (name !== "num_q") chunk += formatMeasureLine(name, queryId, values[j]!);
      });
      if (chunk.length >= chunkChars) {
        yield chunk;
        chunk = "";
      }
    }
  }
  names.forEach((name, j) => {
    chunk += formatMeasureLine(name, "all", summary[j]!);
  });
  yield chunk;
}

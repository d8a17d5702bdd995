import { DEFAULT_PERMUTATIONS } from "@/lib/eval/statistics/paired-randomization-test";

/** A metric in [0, 1] with three decimals, or an en dash when there is none. */
export function formatValue(value: number | null | undefined): string {
  return typeof value === "number" && Number.isFinite(value) ? value.toFixed(3) : "–";
}

/** A signed delta with three decimals and a real minus sign: "+0.012", "−0.190", "±0.000". */
export function formatDelta(value: number | null | undefined): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  const rounded = value.toFixed(3);
  if (Number(rounded) === 0) return "±0.000";
  return value > 0 ? `+${rounded}` : `−${rounded.slice(1)}`;
}

/** "−0.078 to +0.044": a delta's 95% interval. */
export function formatInterval(interval: readonly [number, number] | null | undefined): string {
  return interval ? `${formatDelta(interval[0])} to ${formatDelta(interval[1])}` : "–";
}

/**
 * A p-value as people read it: "<0.001" below a thousandth, three decimals below 0.1
 * ("0.012"), two above ("0.58"), "1" at one; an en dash when the test could not run.
 */
export function formatP(value: number | null | undefined): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  if (value < 0.001) return "<0.001";
  if (value >= 1) return "1";
  return value < 0.1 ? value.toFixed(3) : value.toFixed(2);
}

/**
 * "paired randomization test (10,000 permutations)", with ", seed N" when a seed is given (the
 * CLI's reports), or "paired t-test": the one description of a comparison's test.
 */
export function describeTest(options: {
  test: "randomization" | "t-test";
  permutations?: number;
  seed?: number;
}): string {
  if (options.test === "t-test") return "paired t-test";
  const permutations = (options.permutations ?? DEFAULT_PERMUTATIONS).toLocaleString("en");
  const seed = options.seed === undefined ? "" : `, seed ${options.seed}`;
  return `paired randomization test (${permutations} permutations${seed})`;
}

import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";

/** From this many labeled queries a set can gate decisions (docs/domain.md, "Ideas": 50–200). */
export const GATING_QUERIES = 50;
/** Beyond this, more labels buy little; the bar's scale ends here. */
export const TARGET_MAX_QUERIES = 200;

export type SetSizeBand = "noisy" | "usable" | "gating";

/** noisy below the noise floor (30), usable 30–49, gating from 50. */
export function setSizeBand(labeled: number): SetSizeBand {
  if (labeled < NOISE_FLOOR_QUERIES) return "noisy";
  if (labeled < GATING_QUERIES) return "usable";
  return "gating";
}

import { AppError } from "@/lib/errors";

/** Why the gate decided as it did, most reassuring first. */
type GateReason = "not-worse" | "drop-below-limit" | "drop-not-significant" | "significant-drop";

export type GateDecision = {
  failed: boolean;
  /** baseline − candidate: positive when the candidate is worse. */
  drop: number;
  significant: boolean;
  reason: GateReason;
};

// Measures are means of per-query values: 0.50 − 0.48 is 0.020000000000000018 in binary, and a
// drop of exactly the limit must count as reaching it whichever way the rounding went.
const DROP_SLACK = 1e-12;

/**
 * The CI gate's rule: the candidate fails when it is worse than the baseline by at least
 * `maxDrop` (baseline − candidate ≥ maxDrop, in the measure's own units: 0.02 is two points of
 * nDCG@10) AND the difference is significant (two-sided p ≤ alpha). A drop that is large but
 * could be noise passes, and so does a significant drop smaller than the limit. A missing
 * p-value (a t-test on fewer than two queries) is never significant.
 */
export function decideGate(options: {
  baseline: number;
  candidate: number;
  p: number | null;
  maxDrop: number;
  alpha: number;
}): GateDecision {
  const { baseline, candidate, p, maxDrop, alpha } = options;
  if (!(Number.isFinite(maxDrop) && maxDrop >= 0)) {
    throw new AppError("bad_request", `--max-drop must be a number ≥ 0 (got ${maxDrop})`);
  }
  if (!(alpha > 0 && alpha < 1))
    throw new AppError("bad_request", `--alpha must be in (0, 1) (got ${alpha})`);
  const drop = baseline - candidate;
  const significant = p !== null && p <= alpha;
  const reason: GateReason =
    drop <= 0
      ? "not-worse"
      : drop < maxDrop - DROP_SLACK
        ? "drop-below-limit"
        : significant
          ? "significant-drop"
          : "drop-not-significant";
  return { failed: reason === "significant-drop", drop, significant, reason };
}

import { z } from "zod";
import { AppError } from "@/lib/errors";

/** Every cutoff k must be a whole number ≥ 1. */
export function validateKs(ks: readonly number[]): void {
  for (const k of ks) {
    if (!Number.isInteger(k) || k < 1)
      throw new AppError("bad_request", `k must be a whole number ≥ 1 (got ${k}).`);
  }
}

const coverageMessage = "coverage θ must be in (0, 1]";

/**
 * The coverage threshold θ of label-based scoring (docs/domain.md, "Evaluation"): in (0, 1], 1 by
 * default.
 */
export const coverageSchema = z.number().gt(0, coverageMessage).max(1, coverageMessage);

/** Throws bad_request unless θ lies in (0, 1]. */
export function validateCoverage(coverage: number): void {
  if (!coverageSchema.safeParse(coverage).success) {
    throw new AppError("bad_request", `Coverage θ must be in (0, 1] (got ${coverage}).`);
  }
}

import { AppError } from "@/lib/errors";

/** Every cutoff k must be a whole number ≥ 1. */
export function validateKs(ks: readonly number[]): void {
  for (const k of ks) {
    if (!Number.isInteger(k) || k < 1)
      throw new AppError("bad_request", `k must be a whole number ≥ 1 (got ${k}).`);
  }
}

/** The coverage threshold θ must lie in (0, 1]. */
export function validateCoverage(coverage: number): void {
  if (!(coverage > 0 && coverage <= 1)) {
    throw new AppError("bad_request", `Coverage θ must be in (0, 1] (got ${coverage}).`);
  }
}

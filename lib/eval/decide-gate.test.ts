import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { decideGate } from "@/lib/eval/decide-gate";

const gate = (baseline: number, candidate: number, p: number | null, maxDrop = 0.02, alpha = 0.05) =>
  decideGate({ baseline, candidate, p, maxDrop, alpha });

describe("decideGate", () => {
  it("fails only a drop of at least the limit that is significant", () => {
    expect(gate(0.5, 0.45, 0.001)).toEqual({
      failed: true,
      drop: 0.5 - 0.45,
      significant: true,
      reason: "significant-drop",
    });
    expect(gate(0.5, 0.45, 0.2)).toMatchObject({ failed: false, reason: "drop-not-significant" });
    expect(gate(0.5, 0.49, 0.001)).toMatchObject({ failed: false, reason: "drop-below-limit" });
    expect(gate(0.5, 0.55, 0.001)).toMatchObject({ failed: false, reason: "not-worse", significant: true });
    expect(gate(0.5, 0.5, 1, 0)).toMatchObject({ failed: false, reason: "not-worse" });
  });

  it("counts a drop of exactly the limit and p exactly alpha, despite binary rounding", () => {
    // 0.5 − 0.48 is 0.020000000000000018 and 0.3 − 0.28 is 0.019999999999999962.
    expect(gate(0.5, 0.48, 0.05).failed).toBe(true);
    expect(gate(0.3, 0.28, 0.05).failed).toBe(true);
    expect(gate(0.3, 0.2800001, 0.05).failed).toBe(false);
    expect(gate(0.3, 0.28, 0.0500001).failed).toBe(false);
  });

  it("never calls a missing p-value significant; a zero limit fails any significant drop", () => {
    expect(gate(0.5, 0.1, null)).toMatchObject({ failed: false, significant: false });
    expect(gate(0.5, 0.4999, 0.01, 0).failed).toBe(true);
  });

  it("rejects a negative or non-finite limit and alpha outside (0, 1)", () => {
    expect(() => gate(0.5, 0.4, 0.01, -0.01)).toThrowError(AppError);
    expect(() => gate(0.5, 0.4, 0.01, Number.NaN)).toThrow(/--max-drop must be a number ≥ 0/);
    expect(() => gate(0.5, 0.4, 0.01, 0.02, 0)).toThrow(/--alpha must be in \(0, 1\)/);
    expect(() => gate(0.5, 0.4, 0.01, 0.02, 1)).toThrowError(AppError);
  });
});

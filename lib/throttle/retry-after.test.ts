import { describe, expect, it } from "vitest";
import { retryAfterSeconds } from "@/lib/throttle/retry-after";

describe("retryAfterSeconds", () => {
  it("rounds up to whole seconds, at least 1", () => {
    expect(retryAfterSeconds(900_000)).toBe(900);
    expect(retryAfterSeconds(291_001)).toBe(292);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-1)).toBe(1);
  });
});

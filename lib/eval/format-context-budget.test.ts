import { describe, expect, it } from "vitest";
import { formatContextBudget } from "@/lib/eval/format-context-budget";

describe("formatContextBudget", () => {
  it("shows characters with an approximate token count (characters / 4)", () => {
    expect(formatContextBudget(2_000)).toBe("2,000 characters (≈ 500 tokens)");
    expect(formatContextBudget(100)).toBe("100 characters (≈ 25 tokens)");
    expect(formatContextBudget(1_000_000)).toBe("1,000,000 characters (≈ 250,000 tokens)");
    expect(formatContextBudget(1_002)).toBe("1,002 characters (≈ 251 tokens)");
  });
});

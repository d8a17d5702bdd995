import { describe, expect, it } from "vitest";
import { formatCountOf } from "./format-number";

describe("formatCountOf", () => {
  it("puts the noun in the number the count needs", () => {
    expect(formatCountOf(1, "set")).toBe("1 set");
    expect(formatCountOf(0, "set")).toBe("0 sets");
    expect(formatCountOf(1204, "query", "queries")).toBe("1,204 queries");
    expect(formatCountOf(1, "corpus", "corpora")).toBe("1 corpus");
  });
});

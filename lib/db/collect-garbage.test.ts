import { describe, expect, it } from "vitest";
import { collectGarbage } from "@/lib/db/collect-garbage";

describe("collectGarbage", () => {
  it("collects what nothing references any more, without --expose-gc on the command line", async () => {
    const reference = new WeakRef({ payload: "x".repeat(1000) });
    // A WeakRef's target survives the job that created it: collect in a later one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(reference.deref()).toBeUndefined();
  });
});

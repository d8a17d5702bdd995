import { describe, expect, it } from "vitest";
import { setSizeBand } from "./set-size-band";

describe("setSizeBand", () => {
  it("is noisy below 30, usable from 30 to 49 and gating from 50", () => {
    expect([0, 29, 30, 49, 50, 500].map(setSizeBand)).toEqual([
      "noisy",
      "noisy",
      "usable",
      "usable",
      "gating",
      "gating",
    ]);
  });
});

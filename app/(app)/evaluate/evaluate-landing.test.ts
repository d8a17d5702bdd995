import { describe, expect, it } from "vitest";
import { evaluateLanding } from "./evaluate-landing";

describe("evaluateLanding", () => {
  it("opens the only set's evaluate page", () => {
    expect(evaluateLanding([{ id: "s1" }])).toEqual({ kind: "redirect", href: "/sets/s1/runs" });
  });

  it("sends to the sets page when there is no set to evaluate", () => {
    expect(evaluateLanding([])).toEqual({ kind: "redirect", href: "/sets" });
  });

  it("lets the engineer choose among several sets", () => {
    expect(evaluateLanding([{ id: "s1" }, { id: "s2" }])).toEqual({ kind: "choose" });
  });
});

import { describe, expect, it } from "vitest";
import { pollDelay } from "./poll-delay";

describe("pollDelay", () => {
  it("polls every 700 ms and backs off to 5 s on failures", () => {
    expect(pollDelay(0)).toBe(700);
    expect(pollDelay(1)).toBe(1400);
    expect(pollDelay(10)).toBe(5000);
  });
});

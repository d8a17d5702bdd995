import { describe, expect, it } from "vitest";
import { isTerminal, parseJobSnapshot, pollDelay } from "./job-snapshot";

describe("parseJobSnapshot", () => {
  it("accepts a job snapshot", () => {
    const body = { id: "j1", kind: "run", status: "running", progress: 0.5, message: "Scoring", error: null };
    expect(parseJobSnapshot(body)).toEqual(body);
  });

  it("rejects anything else", () => {
    expect(parseJobSnapshot({ error: "Not found" })).toBeNull();
    expect(
      parseJobSnapshot({ id: "j1", kind: "run", status: "weird", progress: 0, message: "", error: null }),
    ).toBeNull();
  });
});

describe("isTerminal", () => {
  it("is true for succeeded and failed only", () => {
    expect(["queued", "running", "succeeded", "failed"].map((s) => isTerminal(s as never))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

describe("pollDelay", () => {
  it("polls every 700 ms and backs off to 5 s on failures", () => {
    expect(pollDelay(0)).toBe(700);
    expect(pollDelay(1)).toBe(1400);
    expect(pollDelay(10)).toBe(5000);
  });
});

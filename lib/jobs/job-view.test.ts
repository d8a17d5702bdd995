import { describe, expect, it } from "vitest";
import { isTerminal, parseJobView } from "@/lib/jobs/job-view";

describe("parseJobView", () => {
  it("accepts a job view", () => {
    const body = {
      id: "j1",
      kind: "evaluate-run",
      status: "running",
      progress: 0.5,
      message: "Scoring",
      error: null,
      result: null,
    };
    expect(parseJobView(body)).toEqual(body);
  });

  it("rejects anything else", () => {
    expect(parseJobView({ error: "Not found" })).toBeNull();
    expect(
      parseJobView({ id: "j1", kind: "run", status: "weird", progress: 0, message: "", error: null }),
    ).toBeNull();
  });
});

describe("isTerminal", () => {
  it("is false while queued or running only", () => {
    const statuses = ["queued", "running", "succeeded", "failed", "paused", "cancelled"] as const;
    expect(statuses.map((s) => isTerminal(s))).toEqual([false, false, true, true, true, true]);
  });
});

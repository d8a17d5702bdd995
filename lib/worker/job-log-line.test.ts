import { describe, expect, it } from "vitest";
import { jobLogLine, parseJobLogLine } from "@/lib/worker/job-log-line";

describe("jobLogLine", () => {
  it("says which job, how it ended, which attempt and worker, when it was claimed and for how long", () => {
    const line = jobLogLine({
      job: { id: "cjob1", kind: "evaluate-run", attempts: 2 },
      owner: "vm:4321:ab12",
      outcome: "succeeded",
      claimedAt: new Date("2026-12-01T07:00:00.000Z"),
      endedAt: new Date("2026-12-01T07:00:01.250Z"),
    });
    expect(line).toBe(
      "job cjob1 evaluate-run succeeded · attempt 2 · worker vm:4321:ab12 · claimed 2026-12-01T07:00:00.000Z · 1250 ms",
    );
    expect(parseJobLogLine(line)).toEqual({
      jobId: "cjob1",
      kind: "evaluate-run",
      outcome: "succeeded",
      attempt: 2,
      owner: "vm:4321:ab12",
      claimedAt: new Date("2026-12-01T07:00:00.000Z"),
      elapsedMs: 1250,
    });
  });

  it("parses nothing else", () => {
    expect(parseJobLogLine("worker vm:1:ab on sqlite: waiting for jobs")).toBeNull();
  });
});

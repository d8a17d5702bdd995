import { describe, expect, it } from "vitest";
import { isSweepActive, sweepProgress } from "@/lib/jobs/sweep-progress";

const point = (status: string, jobProgress: number | null = null) => ({ status, jobProgress });

describe("sweepProgress", () => {
  it("is queued until a point starts, and counts a running point by its job's progress", () => {
    expect(sweepProgress([point("queued"), point("queued")])).toEqual({
      status: "queued",
      total: 2,
      succeeded: 0,
      failed: 0,
      fraction: 0,
    });
    const running = sweepProgress([
      point("succeeded"),
      point("running", 0.5),
      point("queued"),
      point("queued"),
    ]);
    expect(running).toMatchObject({ status: "running", succeeded: 1, fraction: 1.5 / 4 });
    expect(isSweepActive(running)).toBe(true);
  });

  it("is running when some points ended and others wait in the queue", () => {
    expect(sweepProgress([point("failed"), point("queued")]).status).toBe("running");
  });

  it("succeeds when every point ended and one or more succeeded; fails only when all failed", () => {
    const mixed = sweepProgress([point("succeeded"), point("failed")]);
    expect(mixed).toEqual({ status: "succeeded", total: 2, succeeded: 1, failed: 1, fraction: 1 });
    expect(isSweepActive(mixed)).toBe(false);
    expect(sweepProgress([point("failed"), point("failed")]).status).toBe("failed");
  });

  it("clamps a job's progress and treats a sweep without points as done", () => {
    expect(sweepProgress([point("running", 7)]).fraction).toBe(1);
    expect(sweepProgress([point("running", null)]).fraction).toBe(0);
    expect(sweepProgress([])).toMatchObject({ status: "succeeded", fraction: 1 });
  });
});

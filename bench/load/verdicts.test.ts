import { describe, expect, it } from "vitest";
import type { LatencyRow } from "./latency-summary";
import { loadVerdicts } from "./verdicts";

const row = (kind: string, figures: Partial<LatencyRow>): LatencyRow => ({
  kind,
  requests: 10,
  errors: 0,
  requestsPerSecond: 1,
  p50: 10,
  p95: 20,
  p99: 30,
  max: 40,
  meanBytes: 1000,
  serverCpuMs: null,
  ...figures,
});

const alone = [
  row("next query (redirect)", { serverCpuMs: 6 }),
  row("workspace page", { serverCpuMs: 12 }),
  row("save label", { serverCpuMs: 4, meanBytes: 900 }),
];

describe("loadVerdicts", () => {
  it("says each target is met when the figures are within it", () => {
    const lines = loadVerdicts({
      alone,
      load: [row("all requests", { p95: 250 })],
      shape: { annotators: 200, thinkMs: 3000 },
      outcome: { errors: 0, labelsChecked: true },
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/4\.0 ms .* 900 bytes .* — met$/);
    expect(lines[1]).toContain("6.0 ms + 12.0 ms = 18.0 ms");
    expect(lines[1]).toMatch(/— met$/);
    expect(lines[2]).toMatch(/p95 250\.0 ms .* — met$/);
  });

  it("says which targets are missed: CPU, size, p95, errors, a lost label", () => {
    const lines = loadVerdicts({
      alone: [
        row("next query (redirect)", { serverCpuMs: 9 }),
        row("workspace page", { serverCpuMs: 12 }),
        row("save label", { serverCpuMs: 4, meanBytes: 3000 }),
      ],
      load: [row("all requests", { p95: 250 })],
      shape: { annotators: 200, thinkMs: 3000 },
      outcome: { errors: 1, labelsChecked: true },
    });
    expect(lines.map((line) => line.endsWith("NOT met"))).toEqual([true, true, true]);
    const slow = loadVerdicts({
      alone,
      load: [row("all requests", { p95: 301 })],
      shape: { annotators: 200, thinkMs: 3000 },
      outcome: { errors: 0, labelsChecked: false },
    });
    expect(slow[2]).toContain("labels MISSING");
    expect(slow[2]).toMatch(/NOT met$/);
  });

  it("does not judge the load target on a run of another shape, and says CPU unknown unmeasured", () => {
    const lines = loadVerdicts({
      alone: [row("save label", {})],
      load: [row("all requests", { p95: 100 })],
      shape: { annotators: 20, thinkMs: 0 },
      outcome: { errors: 0, labelsChecked: true },
    });
    expect(lines[0]).toMatch(/unknown server CPU .* NOT met$/);
    expect(lines[2]).toMatch(/not the target's shape/);
  });
});

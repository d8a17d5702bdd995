import { describe, expect, it } from "vitest";
import { latencyTable, percentile, summarizeLatencies } from "./latency-summary";

describe("percentile", () => {
  it("takes the nearest rank of the sorted samples", () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe("summarizeLatencies", () => {
  it("gives each kind its rate, percentiles and errors, then the whole run", () => {
    const samples = [
      { kind: "page", ms: 30, ok: true },
      { kind: "page", ms: 10, ok: true },
      { kind: "save", ms: 5, ok: false },
      { kind: "page", ms: 20, ok: true },
    ];
    const rows = summarizeLatencies({ samples, kinds: ["page", "save", "lock"], elapsedMs: 2000 });
    expect(rows.map((entry) => [entry.kind, entry.requests, entry.errors, entry.requestsPerSecond])).toEqual([
      ["page", 3, 0, 1.5],
      ["save", 1, 1, 0.5],
      ["lock", 0, 0, 0],
      ["all requests", 4, 1, 2],
    ]);
    expect(rows[0]).toMatchObject({ p50: 20, p95: 30, p99: 30, max: 30 });
    expect(rows[3]).toMatchObject({ p50: 10, max: 30 });
  });

  it("prints a Markdown table with one line per row", () => {
    const rows = summarizeLatencies({
      samples: [{ kind: "page", ms: 12.34, ok: true }],
      kinds: ["page"],
      elapsedMs: 1000,
    });
    expect(latencyTable(rows).split("\n")).toEqual([
      "| request | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | bytes |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
      "| page | 1 | 1.0 | 12.3 | 12.3 | 12.3 | 12.3 | 0 | 0 |",
      "| all requests | 1 | 1.0 | 12.3 | 12.3 | 12.3 | 12.3 | 0 | 0 |",
      "",
    ]);
  });

  it("adds the ratio of each p50 to a peer's when given one", () => {
    const loaded = summarizeLatencies({
      samples: [{ kind: "page", ms: 30, ok: true }],
      kinds: ["page"],
      elapsedMs: 1000,
    });
    const alone = summarizeLatencies({
      samples: [{ kind: "page", ms: 10, ok: true }],
      kinds: ["page"],
      elapsedMs: 1000,
    });
    const lines = latencyTable(loaded, alone).split("\n");
    expect(lines[0]).toMatch(/\| p50 × alone \|$/);
    expect(lines[2]).toBe("| page | 1 | 1.0 | 30.0 | 30.0 | 30.0 | 30.0 | 0 | 0 | 3.0 |");
  });

  it("gives each kind its mean response size and, where measured, its mean server CPU", () => {
    const rows = summarizeLatencies({
      samples: [
        { kind: "page", ms: 30, ok: true, bytes: 3000, serverCpuMs: 20 },
        { kind: "page", ms: 10, ok: true, bytes: 1000, serverCpuMs: 10 },
        { kind: "save", ms: 5, ok: true, bytes: 1400, serverCpuMs: null },
      ],
      kinds: ["page", "save"],
      elapsedMs: 1000,
    });
    expect(rows.map((entry) => [entry.kind, entry.meanBytes, entry.serverCpuMs])).toEqual([
      ["page", 2000, 15],
      ["save", 1400, null],
      ["all requests", 1800, 15],
    ]);
    const lines = latencyTable(rows).split("\n");
    expect(lines[0]).toMatch(/\| bytes \| server CPU ms \|$/);
    expect(lines[2]).toBe("| page | 2 | 2.0 | 10.0 | 30.0 | 30.0 | 30.0 | 0 | 2000 | 15.0 |");
    expect(lines[3]).toBe("| save | 1 | 1.0 | 5.0 | 5.0 | 5.0 | 5.0 | 0 | 1400 | |");
  });
});

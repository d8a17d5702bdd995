import { describe, expect, it } from "vitest";
import {
  formatFixed4,
  formatMeasureLine,
  formatTrecEvalReport,
} from "@/lib/eval/trec/format-trec-eval-lines";

describe("formatFixed4", () => {
  it("prints 4 decimals in a field of 6, like printf %6.4f", () => {
    expect(formatFixed4(0.25)).toBe("0.2500");
    expect(formatFixed4(1)).toBe("1.0000");
    expect(formatFixed4(2 / 3)).toBe("0.6667");
    expect(formatFixed4(-99.17073170731707)).toBe("-99.1707");
    expect(formatFixed4(0)).toBe("0.0000");
  });

  it("rounds exact halves to even as glibc does (toFixed would round them up)", () => {
    expect((1 / 32).toFixed(4)).toBe("0.0313");
    expect(formatFixed4(1 / 32)).toBe("0.0312");
    expect(formatFixed4(3 / 32)).toBe("0.0938");
    expect(formatFixed4(5 / 32)).toBe("0.1562");
    expect(formatFixed4(-5 / 32)).toBe("-0.1562");
    expect(formatFixed4(33 / 32)).toBe("1.0312");
  });

  it("rounds values that are only near a half by their exact binary value", () => {
    expect(formatFixed4(0.00005)).toBe((0.00005).toFixed(4));
    expect(formatFixed4(0.12345)).toBe((0.12345).toFixed(4));
  });

  it("prints C's inf and nan", () => {
    expect(formatFixed4(Number.POSITIVE_INFINITY)).toBe("   inf");
    expect(formatFixed4(Number.NaN)).toBe("   nan");
  });
});

describe("formatMeasureLine", () => {
  it("pads the measure name to 22 characters and prints counts as integers", () => {
    expect(formatMeasureLine("map", "301", 0.25)).toBe("map                   \t301\t0.2500\n");
    expect(formatMeasureLine("num_rel_ret", "all", 178)).toBe("num_rel_ret           \tall\t178\n");
    expect(formatMeasureLine("iprec_at_recall_0.00_x", "7", 1)).toBe("iprec_at_recall_0.00_x\t7\t1.0000\n");
  });
});

describe("formatTrecEvalReport", () => {
  const names = ["num_q", "num_ret", "map"];
  const queries = [
    { queryId: "1", values: Float64Array.from([1, 10, 0.5]) },
    { queryId: "2", values: Float64Array.from([1, 20, 0]) },
  ];
  const summary = Float64Array.from([2, 30, 0.25]);

  it("prints each query's lines without num_q, then the all lines", () => {
    const text = [
      ...formatTrecEvalReport({ names, queries, summary, perQueryLines: true, chunkChars: 10 }),
    ].join("");
    expect(text.split("\n").slice(0, -1)).toEqual([
      "num_ret               \t1\t10",
      "map                   \t1\t0.5000",
      "num_ret               \t2\t20",
      "map                   \t2\t0.0000",
      "num_q                 \tall\t2",
      "num_ret               \tall\t30",
      "map                   \tall\t0.2500",
    ]);
  });

  it("prints only the all lines without -q", () => {
    const text = [...formatTrecEvalReport({ names, queries, summary, perQueryLines: false })].join("");
    expect(text.split("\n")).toHaveLength(4);
  });
});

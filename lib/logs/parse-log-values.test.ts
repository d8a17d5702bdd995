import { describe, expect, it } from "vitest";
import { getDottedPath, parseLogCount, parseLogTimestamp } from "./parse-log-values";

describe("parseLogCount", () => {
  it("takes whole numbers from 1, as numbers or digit strings", () => {
    expect(parseLogCount(" 12 ")).toBe(12);
    expect(parseLogCount(3)).toBe(3);
    for (const bad of ["0", "-1", "1.5", "", "x", 2.5, null])
      expect(parseLogCount(bad)).toHaveProperty("problem");
  });
});

describe("parseLogTimestamp", () => {
  it("reads ISO 8601 (UTC without an offset) and unix seconds or milliseconds", () => {
    const may1 = new Date("2024-05-01T00:00:00Z");
    expect(parseLogTimestamp("2024-05-01")).toEqual(may1);
    expect(parseLogTimestamp("2024-05-01 02:00:00+02:00")).toEqual(may1);
    expect(parseLogTimestamp("2024-05-01T00:00:00.000Z")).toEqual(may1);
    expect(parseLogTimestamp("2024-05-01T00:00")).toEqual(may1);
    expect(parseLogTimestamp(1714521600)).toEqual(may1);
    expect(parseLogTimestamp("1714521600000")).toEqual(may1);
    for (const bad of ["May 1, 2024", "2024-13-01", "-5", true])
      expect(parseLogTimestamp(bad)).toHaveProperty("problem");
  });
});

describe("getDottedPath", () => {
  it("follows own keys only", () => {
    expect(getDottedPath({ a: { b: "x" } }, "a.b")).toBe("x");
    expect(getDottedPath({ a: ["x", "y"] }, "a.1")).toBe("y");
    expect(getDottedPath({ a: {} }, "a.b")).toBeUndefined();
    expect(getDottedPath({ a: "s" }, "a.length")).toBeUndefined();
  });
});

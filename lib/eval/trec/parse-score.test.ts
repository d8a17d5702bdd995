import { describe, expect, it } from "vitest";
import { parseScore } from "@/lib/eval/trec/parse-score";

const parse = (text: string) => {
  const buffer = Buffer.from(`  ${text}  `, "latin1");
  return parseScore(buffer, 2, 2 + text.length);
};

describe("parseScore", () => {
  it("reads decimals, signs and exponent notation into 32-bit floats", () => {
    expect(parse("12.5")).toBe(12.5);
    expect(parse("-0.5115")).toBe(Math.fround(-0.5115));
    expect(parse("3.109e-01")).toBe(Math.fround(0.3109));
    expect(parse("5.480E-01")).toBe(Math.fround(0.548));
    expect(parse("1e+2")).toBe(100);
    expect(parse("+2")).toBe(2);
    expect(parse(".5")).toBe(0.5);
    expect(parse("7.")).toBe(7);
    expect(parse("-0")).toBe(-0);
  });

  it("rounds like atof into a C float: values equal at float precision become equal", () => {
    expect(parse("0.1")).toBe(Math.fround(0.1));
    expect(parse("0.1000000001")).toBe(parse("0.1"));
    expect(parse("16777217")).toBe(16777216);
  });

  it("falls back to correct rounding beyond the fast path", () => {
    for (const text of ["1.23456789012345678901", "12345678901234567890", "1e30", "1.5e-30", "-2.5e+25"]) {
      expect(parse(text)).toBe(Math.fround(Number(text)));
    }
    expect(parse("1e400")).toBe(Number.POSITIVE_INFINITY);
    expect(parse("-1e400")).toBe(Number.NEGATIVE_INFINITY);
    expect(parse("1e-400")).toBe(0);
  });

  it("agrees with Math.fround(Number(text)) on random decimals", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 20_000; i++) {
      const value = (random() - 0.5) * 10 ** Math.floor(random() * 12 - 6);
      const texts = [
        value.toString(),
        value.toFixed(Math.floor(random() * 10)),
        value.toExponential(Math.floor(random() * 8)),
      ];
      for (const text of texts) expect(parse(text)).toBe(Math.fround(Number(text)));
    }
  });

  it("returns NaN for what is not a decimal number", () => {
    for (const text of ["", "-", ".", "abc", "1.2.3", "1e", "1e+", "0x10", "inf", "nan", "1,5", "1.5abc"]) {
      expect(parse(text)).toBeNaN();
    }
  });
});

import { describe, expect, it } from "vitest";
import { byte4ToInt, intToByte4, LUCENE_LENGTH_TABLE } from "@/lib/retrieval/encode-small-float";

describe("Lucene SmallFloat int4 norms", () => {
  it("keeps lengths up to 40 exact and rounds longer ones down to their bucket", () => {
    for (let length = 0; length <= 40; length++) expect(byte4ToInt(intToByte4(length))).toBe(length);
    expect(intToByte4(41)).toBe(40);
    expect(byte4ToInt(intToByte4(41))).toBe(40);
    expect([100, 120, 1000, 10_000].map((length) => byte4ToInt(intToByte4(length)))).toEqual([
      96, 120, 984, 9_240,
    ]);
    expect(intToByte4(100)).toBe(57);
    expect(intToByte4(1000)).toBe(87);
  });

  it("uses all 256 codes, monotonically, up to 2³¹ − 1", () => {
    expect(intToByte4(0x7fffffff)).toBe(255);
    expect(byte4ToInt(255)).toBe(2_013_265_944);
    let previous = -1;
    for (let code = 0; code < 256; code++) {
      const length = byte4ToInt(code);
      expect(length).toBeGreaterThan(previous);
      expect(intToByte4(length)).toBe(code);
      expect(intToByte4(length + 1) === code || intToByte4(length + 1) === code + 1).toBe(true);
      expect(LUCENE_LENGTH_TABLE[code]).toBe(Math.fround(length));
      previous = length;
    }
  });

  it("never rounds a length up", () => {
    for (let length = 0; length < 5000; length += 7) {
      const decoded = byte4ToInt(intToByte4(length));
      expect(decoded).toBeLessThanOrEqual(length);
      expect(decoded).toBeGreaterThanOrEqual(length * 0.875); // 3 stored mantissa bits: < 1/8 lost
    }
  });

  it("rejects what Lucene rejects", () => {
    expect(() => intToByte4(-1)).toThrowError(RangeError);
    expect(() => intToByte4(1.5)).toThrowError(RangeError);
  });
});

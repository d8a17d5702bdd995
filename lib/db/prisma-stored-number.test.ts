import { describe, expect, it } from "vitest";
import { prismaStoredJson, prismaStoredNumber } from "@/lib/db/prisma-stored-number";

// What Prisma 7 stored for these numbers, read back from SQLite and PostgreSQL (through
// `$executeRaw` parameters and Json fields) before bulk writes bypassed it.
describe("prismaStoredNumber", () => {
  it("rounds to 16 significant digits", () => {
    expect(prismaStoredNumber(3.4802255630493164)).toBe(3.480225563049316);
    expect(prismaStoredNumber(0.1 + 0.2)).toBe(0.3);
    expect(prismaStoredNumber(0.010869565217391304)).toBe(0.0108695652173913);
    expect(prismaStoredNumber(0.043478260869565216)).toBe(0.04347826086956522);
  });

  it("rounds exact ties to the even digit", () => {
    expect(prismaStoredNumber(1.3903350830078125)).toBe(1.390335083007812);
    expect(prismaStoredNumber(10.244293212890625)).toBe(10.24429321289062);
    expect(prismaStoredNumber(-5.5115509033203125)).toBe(-5.511550903320312);
    // an odd 16th digit rounds up
    expect(prismaStoredNumber(1.0000000000000135)).toBe(Number((1.0000000000000135).toPrecision(16)));
  });

  it("keeps integers, short decimals and non-finite numbers", () => {
    for (const value of [0, -0, 7, 2 ** 40, 0.5, 0.25, 1e-7, Number.POSITIVE_INFINITY])
      expect(Object.is(prismaStoredNumber(value), value)).toBe(true);
  });

  it("applies to every number of a JSON value", () => {
    expect(
      prismaStoredJson({ a: [0.1 + 0.2, 1], b: { c: 3.4802255630493164 }, d: "0.30000000000000004" }),
    ).toBe('{"a":[0.3,1],"b":{"c":3.480225563049316},"d":"0.30000000000000004"}');
  });
});

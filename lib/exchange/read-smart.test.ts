import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { parseSmartQrels, parseSmartRecords, stripLeadingZeros } from "@/lib/exchange/read-smart";

describe("parseSmartRecords", () => {
  it("reads records and fields with CRLF endings, empty fields and repeated fields", () => {
    const text =
      ".I 1\r\n.T\r\nexperimental investigation\r\nof the aerodynamics\r\n.A\r\nbrenckman,m.\r\n.W\r\nfirst part\r\n" +
      ".W\r\nsecond part\r\n.I 2\r\n.T\r\n.A\r\n.B\r\n.W\r\n";
    const records = parseSmartRecords(text);
    expect(records.map((record) => record.id)).toEqual(["1", "2"]);
    expect(records[0]?.fields.get("T")).toBe("experimental investigation\nof the aerodynamics");
    expect(records[0]?.fields.get("W")).toBe("first part\nsecond part");
    expect(records[1]?.fields.get("W")).toBe("");
  });

  it("joins an id broken across two lines (CACM's .I 28 / 56)", () => {
    const records = parseSmartRecords(".I 28\n56\n.T\nThe Synthetic Approach\n.I 2857\n.T\nLists\n");
    expect(records.map((record) => record.id)).toEqual(["2856", "2857"]);
  });

  it("keeps text on a marker line and rejects text outside records", () => {
    expect(parseSmartRecords(".I 3\n.W inline text\n")[0]?.fields.get("W")).toBe("inline text");
    expect(() => parseSmartRecords("stray\n.I 1\n")).toThrowError(AppError);
    expect(() => parseSmartRecords(".I 1\nnot a field\n")).toThrowError(/line 2/);
  });
});

describe("parseSmartQrels", () => {
  it("reads CACM's and Cranfield's layouts", () => {
    expect(parseSmartQrels("01 1410  0 0\r\n01 1572  0 0\r\n")).toEqual([
      { queryId: "01", documentId: "1410", grade: 0 },
      { queryId: "01", documentId: "1572", grade: 0 },
    ]);
    expect(parseSmartQrels("1 184 2 \n1 29 -1\n\n")).toEqual([
      { queryId: "1", documentId: "184", grade: 2 },
      { queryId: "1", documentId: "29", grade: -1 },
    ]);
    expect(() => parseSmartQrels("1\n")).toThrowError(/line 1/);
    expect(stripLeadingZeros("007")).toBe("7");
    expect(stripLeadingZeros("0")).toBe("0");
  });
});

import { describe, expect, it } from "vitest";
import { readCsv } from "./testing/read-csv";
import { toCsv } from "./to-csv";

describe("toCsv", () => {
  it("quotes what needs quoting, ends lines in CRLF, rounds numbers and leaves empty cells empty", () => {
    expect(toCsv([["a", 'say "hi", then', "two\nlines", 0.1 + 0.2, null, true]])).toBe(
      'a,"say ""hi"", then","two\nlines",0.3,,true\r\n',
    );
  });

  it("defuses cells a spreadsheet would run as formulas", () => {
    expect(readCsv(toCsv([["=1+1", "+x", "-rf", "@SUM(A1)", "plain"]]))).toEqual([
      ["'=1+1", "'+x", "'-rf", "'@SUM(A1)", "plain"],
    ]);
    expect(toCsv([[-0.5]])).toBe("-0.5\r\n");
  });
});

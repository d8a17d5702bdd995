import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { buildGoldenSetFixture } from "@/lib/exchange/testing/build-golden-set-fixture";
import { parseGoldenSetFile } from "./parse-golden-set-file";
import { serializeGoldenSetFile } from "./serialize-golden-set-file";

function failure(input: string | Uint8Array): AppError {
  try {
    parseGoldenSetFile(input);
  } catch (error) {
    if (error instanceof AppError) {
      expect(error.code).toBe("bad_request");
      return error;
    }
    throw error;
  }
  throw new Error("expected parseGoldenSetFile to fail");
}

type Change = [path: (string | number)[], value: unknown];

/** The fixture as JSON text, with the value at each path replaced. */
function fixtureText(...changes: Change[]): string {
  const file = structuredClone(buildGoldenSetFixture()) as unknown as Record<string | number, unknown>;
  for (const [path, value] of changes) {
    let target = file;
    for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
    target[path.at(-1)!] = value;
  }
  return JSON.stringify(file, null, 2);
}

describe("parseGoldenSetFile", () => {
  it("parses text and bytes (with or without a BOM) to the same file", () => {
    const text = fixtureText();
    const parsed = parseGoldenSetFile(text);
    expect(parsed).toEqual(buildGoldenSetFixture());
    expect(parseGoldenSetFile(new TextEncoder().encode(text))).toEqual(parsed);
    expect(parseGoldenSetFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual(
      parsed,
    );
    expect(parseGoldenSetFile(`\ufeff${text}`)).toEqual(parsed);
  });

  it("round-trips byte-identically: export → import → export", () => {
    const exported = serializeGoldenSetFile(buildGoldenSetFixture());
    const reexported = serializeGoldenSetFile(parseGoldenSetFile(new TextEncoder().encode(exported)));
    expect(reexported).toBe(exported);
  });

  it("reports a JSON syntax error with its line and column", () => {
    const text = fixtureText().replace('"name": "Support search",', '"name": "Support search",,');
    const error = failure(text);
    expect(error.message).toBe(
      "invalid JSON at line 5, column 30: unexpected character ',', expected a property name in double quotes",
    );
    expect(error.location).toEqual({ line: 5 });
  });

  it("refuses binary and non-UTF-8 bytes", () => {
    expect(failure(new Uint8Array([0x7b, 0x00, 0x7d])).message).toMatch(/^the file is not UTF-8 text/);
    expect(failure(new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d])).message).toMatch(
      /^the file is not UTF-8 text/,
    );
  });

  it("says when the file is of another format or version", () => {
    expect(failure("[1, 2]").message).toBe("a golden set file must be a JSON object");
    expect(failure('{"queries": []}')).toMatchObject({
      message: 'this is not a Goldenset file: "format" is missing, expected "goldenset"',
      location: { path: ["format"] },
    });
    expect(failure(fixtureText([["version"], 2])).message).toBe(
      "unsupported golden set file version 2: this app reads version 1",
    );
  });

  it("names the JSON path of a wrong type, an unknown field, a bad grade and a bad selector", () => {
    const wrongType = failure(fixtureText([["queries", 0, "labels", 1, "grade"], "2"]));
    expect(wrongType.message).toBe("queries[0].labels[1].grade: must be a number");
    expect(wrongType.location).toEqual({ path: ["queries", 0, "labels", 1, "grade"] });

    const unknownField = failure(fixtureText([["set", "owner"], "ana"]));
    expect(unknownField.message).toBe("set.owner: unknown field");
    expect(unknownField.location).toEqual({ path: ["set", "owner"] });

    const badGrade = failure(fixtureText([["queries", 1, "labels", 0, "grade"], 5]));
    expect(badGrade.message).toBe(
      "queries[1].labels[0].grade: grade 5 is not in set.gradeScale (0, 1, 2, 3)",
    );

    const badSelector = failure(
      fixtureText([["queries", 0, "labels", 0, "target", "selector", 1, "start"], 100]),
    );
    expect(badSelector.message).toBe(
      "queries[0].labels[0].target.selector[1].end: end − start is 41, but the quote is 21 characters long",
    );
    expect(badSelector.location).toEqual({
      path: ["queries", 0, "labels", 0, "target", "selector", 1, "end"],
    });
  });

  it("lists the first three problems and counts the others", () => {
    const error = failure(
      fixtureText(
        [["queries", 0, "status"], "done"],
        [["queries", 1, "status"], "done"],
        [["queries", 2, "status"], "done"],
        [["corpus", "name"], 1],
      ),
    );
    expect(error.message).toMatch(
      /^corpus\.name: expected string, received number; queries\[0\]\.status: .*; and 1 more problem$/,
    );
  });
});

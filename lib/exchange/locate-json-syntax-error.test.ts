import { describe, expect, it } from "vitest";
import { locateJsonSyntaxError } from "./locate-json-syntax-error";

describe("locateJsonSyntaxError", () => {
  it("returns null for valid JSON, agreeing with JSON.parse", () => {
    for (const text of ['{"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]}', " [] ", '"s"', "0"]) {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(locateJsonSyntaxError(text)).toBeNull();
    }
  });

  it("gives the 1-based line and column of the first error", () => {
    expect(locateJsonSyntaxError('{\n  "a": 1,\n  "b": tru\n}')).toEqual({
      line: 3,
      column: 8,
      reason: "unexpected character 't', expected a value",
    });
    expect(locateJsonSyntaxError('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      line: 3,
      column: 3,
      reason: "unexpected character '\"', expected ',' or '}'",
    });
  });

  it("explains the mistakes people make when editing JSON by hand", () => {
    expect(locateJsonSyntaxError('{"a": 1,\n}')?.reason).toBe("trailing comma before '}'");
    expect(locateJsonSyntaxError("[1, 2,]")?.reason).toBe("trailing comma before ']'");
    expect(locateJsonSyntaxError("{'a': 1}")?.reason).toBe(
      'unexpected character "\'", expected a property name in double quotes',
    );
    expect(locateJsonSyntaxError('{"a": "line\nbreak"}')?.reason).toMatch(/^raw control character/);
    expect(locateJsonSyntaxError('{"a": "open')).toEqual({
      line: 1,
      column: 7,
      reason: "unterminated string",
    });
    expect(locateJsonSyntaxError('{"a": 1')).toEqual({
      line: 1,
      column: 8,
      reason: "unexpected end of the file, expected ',' or '}'",
    });
    expect(locateJsonSyntaxError("{} {}")?.reason).toBe(
      "unexpected character '{' after the end of the JSON value",
    );
    expect(locateJsonSyntaxError("[01]")?.reason).toBe("unexpected character '1', expected ',' or ']'");
    expect(locateJsonSyntaxError('"\\x"')?.reason).toBe("invalid escape sequence in a string");
    expect(locateJsonSyntaxError("")?.reason).toBe("unexpected end of the file, expected a value");
  });

  it("does not overflow the stack on absurd nesting", () => {
    expect(locateJsonSyntaxError("[".repeat(100_000))?.reason).toBe("nested more than 1000 levels deep");
  });
});

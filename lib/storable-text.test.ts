import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import {
  assertStorableText,
  findUnstorableText,
  refuseUnstorableText,
  unstorableTextProblem,
} from "@/lib/storable-text";

describe("unstorableTextProblem", () => {
  it("finds NUL characters and lone surrogates, with their position", () => {
    expect(unstorableTextProblem("abc\u0000d")).toBe("a NUL character (\\u0000) at character 4");
    expect(unstorableTextProblem("x\uD800y")).toMatch(/lone surrogate \(\\uD800.*at character 2/);
    expect(unstorableTextProblem("\uDC00")).toMatch(/lone surrogate \(\\uDC00/);
  });

  it("accepts any valid text: emoji (surrogate pairs), controls other than NUL, other scripts", () => {
    for (const text of ["", "plain", "😀 ok", "tab\tand\r\nnewlines\u0001", "日本語", "\uFFFD"])
      expect(unstorableTextProblem(text)).toBeUndefined();
  });
});

describe("findUnstorableText and its uses", () => {
  const value = { name: "ok", queries: [{ text: "fine" }, { text: "bad\u0000", labels: [] }] };

  it("names the JSON path of the first bad string", () => {
    expect(findUnstorableText(value)).toEqual({
      path: ["queries", 1, "text"],
      problem: "a NUL character (\\u0000) at character 4",
    });
    expect(findUnstorableText({ "k\u0000": 1 })?.problem).toMatch(/^a key with a NUL/);
  });

  it("throws an AppError with the path (and the line, when given)", () => {
    try {
      assertStorableText(value, { line: 7 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).message).toMatch(/^queries\[1\]\.text: the text has a NUL character/);
      expect((error as AppError).location).toEqual({ line: 7, path: ["queries", 1, "text"] });
    }
  });

  it("is a zod refinement for a schema's root", () => {
    const schema = z.object({ items: z.array(z.string()) }).superRefine(refuseUnstorableText);
    const result = schema.safeParse({ items: ["a", "b\uD83D"] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["items", 1]);
    expect(schema.parse({ items: ["a", "😀"] })).toEqual({ items: ["a", "😀"] });
  });
});

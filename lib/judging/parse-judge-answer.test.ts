import { describe, expect, it } from "vitest";
import { parseJudgeAnswer } from "@/lib/judging/parse-judge-answer";
import { defaultGradeScale } from "@/lib/sets/set-schema";

const scale = defaultGradeScale;
const parse = (answer: string) => parseJudgeAnswer({ answer, scale });

describe("parseJudgeAnswer", () => {
  it("reads a bare JSON object", () => {
    expect(parse('{"grade": 2, "quote": "the moon pulls", "reason": "It explains tides."}')).toEqual({
      ok: true,
      grade: 2,
      quote: "the moon pulls",
      reason: "It explains tides.",
    });
  });

  it("reads an object inside a ```json fence", () => {
    const answer = '```json\n{"grade": 3, "quote": "tides are caused by", "reason": "Direct answer."}\n```';
    expect(parse(answer)).toMatchObject({ ok: true, grade: 3, quote: "tides are caused by" });
  });

  it("reads an object with prose before and after it, braces in strings included", () => {
    const answer =
      'Here is my judgment:\n{"grade": 1, "quote": "gravity {mostly}", "reason": "Related, no answer."}\nHope this helps!';
    expect(parse(answer)).toMatchObject({ ok: true, grade: 1, quote: "gravity {mostly}" });
  });

  it("accepts a grade written as a string and a grade 0 without quote or reason", () => {
    expect(parse('{"grade": "2", "quote": "x y z", "reason": "r"}')).toMatchObject({ ok: true, grade: 2 });
    expect(parse('{"grade": 0}')).toEqual({ ok: true, grade: 0, quote: "", reason: "" });
    expect(parse('{"grade": 0, "quote": null, "reason": "Off topic."}')).toMatchObject({
      ok: true,
      quote: "",
    });
  });

  it("accepts the same object repeated, refuses two different ones", () => {
    const one = '{"grade": 2, "quote": "a b", "reason": "r"}';
    expect(parse(`${one}\nTo repeat: ${one}`)).toMatchObject({ ok: true, grade: 2 });
    const two = parse(`${one} or maybe {"grade": 3, "quote": "a b", "reason": "r"}`);
    expect(two).toEqual({ ok: false, problem: "The answer holds 2 different JSON objects." });
  });

  it("refuses grades off the set's scale", () => {
    expect(parse('{"grade": 4, "quote": "a", "reason": "r"}')).toEqual({
      ok: false,
      problem: "Grade 4 is not on the set's scale (0, 1, 2, 3).",
    });
    expect(parse('{"grade": -1, "quote": "a", "reason": "r"}')).toMatchObject({ ok: false });
    const twoStep = parseJudgeAnswer({
      answer: '{"grade": 2, "quote": "a", "reason": "r"}',
      scale: [
        { grade: 0, name: "No" },
        { grade: 1, name: "Yes" },
      ],
    });
    expect(twoStep).toEqual({ ok: false, problem: "Grade 2 is not on the set's scale (0, 1)." });
  });

  it("refuses a fractional or non-numeric grade and a non-string quote", () => {
    expect(parse('{"grade": 2.5, "quote": "a", "reason": "r"}')).toMatchObject({ ok: false });
    expect(parse('{"grade": "high", "quote": "a", "reason": "r"}')).toMatchObject({ ok: false });
    const quote = parse('{"grade": 2, "quote": ["a"], "reason": "r"}');
    expect(quote.ok).toBe(false);
    if (!quote.ok) expect(quote.problem).toContain("quote");
  });

  it("refuses malformed, empty and object-less answers", () => {
    expect(parse('{"grade": 2, "quote": "unterminated}')).toEqual({
      ok: false,
      problem: "The answer holds no JSON object with a grade.",
    });
    expect(parse("   ")).toEqual({ ok: false, problem: "The answer is empty." });
    expect(parse("##final score: 2")).toMatchObject({ ok: false });
    expect(parse("[2]")).toMatchObject({ ok: false });
  });
});

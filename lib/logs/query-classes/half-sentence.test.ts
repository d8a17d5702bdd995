import { describe, expect, it } from "vitest";
import { normalizeQuery } from "../normalize-query";
import { isHalfSentenceQuery } from "./half-sentence";
import { toQueryText } from "./query-text";

const matches = (raw: string) => isHalfSentenceQuery(toQueryText(normalizeQuery(raw), raw));

describe("isHalfSentenceQuery", () => {
  it.each([
    "how to connect to the",
    "why does my",
    "the drive light is blinking amber and",
    "cant access share from",
    "backup keeps failing with",
    "how do i make a",
    "what should i",
    "how to connect to",
    "raid 5 (with hot spare",
    "picture of the",
  ])("recognizes %s", (raw) => {
    expect(matches(raw)).toBe(true);
  });

  it.each([
    "what is this used for",
    "where does intelligence come from",
    "how long can sweat patches detect alcohol for",
    "looking for a friend to hang out with",
    "log in",
    "sign up",
    "sort by",
    "vitamin a",
    "medicare part a",
    "bend or",
    "world war i",
    "the egg and i",
    "how far am i",
    "how to tell her",
    "the",
    "raid 5 (with hot spare)",
    "How do I just display the part of the array that I want to?",
    "How to check where users come from?",
    "Show lines matching a pattern and the 4 lines before each",
    "difference between non-builtin 'test' and '['",
    "the part that i want to",
  ])("rejects %s", (raw) => {
    expect(matches(raw)).toBe(false);
  });
});

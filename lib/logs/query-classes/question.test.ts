import { describe, expect, it } from "vitest";
import { normalizeQuery } from "../normalize-query";
import { toQueryText } from "./query-text";
import { isQuestionQuery } from "./question";

const matches = (raw: string) => isQuestionQuery(toQueryText(normalizeQuery(raw), raw));

describe("isQuestionQuery", () => {
  it.each([
    "how to replace a failed drive",
    "what is larkraid",
    "which raid should i use",
    "is raid a backup",
    "can i mix drive sizes",
    "does taking tramadol affect sleep",
    "when does the warranty end",
    "will it work with windows 11",
    "have i been pwned",
    "port forwarding?",
    "¿Dónde está el menú",
    "wie richte ich snapshots ein",
    "por qué no arranca",
  ])("recognizes %s", (raw) => {
    expect(matches(raw)).toBe(true);
  });

  it.each([
    "when i try to join the domain it",
    "will smith movies",
    "may 2020 calendar",
    "do not disturb mode",
    "can opener",
    "cant access share from",
    "doesnt work after update",
    "how",
    "comment box wordpress",
    "raid 5 rebuild slow",
    "is",
  ])("rejects %s", (raw) => {
    expect(matches(raw)).toBe(false);
  });
});

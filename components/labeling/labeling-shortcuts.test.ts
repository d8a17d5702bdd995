import { describe, expect, it } from "vitest";
import { commandForKey, type KeyPress, neighbourCandidate } from "./labeling-shortcuts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: "BODY" },
  ...extra,
});
const options = { grades: [1, 2, 3], hasSelection: true };

describe("commandForKey", () => {
  it("maps digits to grades of the scale only", () => {
    expect(commandForKey(press("2"), options)).toEqual({ kind: "grade", grade: 2 });
    expect(commandForKey(press("0"), options)).toBeNull();
    expect(commandForKey(press("4"), options)).toBeNull();
  });

  it("maps letters, case-insensitively", () => {
    expect(commandForKey(press("l"), options)).toEqual({ kind: "label-selection" });
    expect(commandForKey(press("D"), options)).toEqual({ kind: "status", status: "labeled" });
    expect(commandForKey(press("s"), options)).toEqual({ kind: "status", status: "skipped" });
    expect(commandForKey(press("j"), options)).toEqual({ kind: "next-candidate" });
    expect(commandForKey(press("p"), options)).toEqual({ kind: "previous-query" });
    expect(commandForKey(press("q"), options)).toBeNull();
  });

  it("ignores keys typed into form controls and chords", () => {
    expect(commandForKey(press("d", { target: { tagName: "INPUT" } }), options)).toBeNull();
    expect(
      commandForKey(press("d", { target: { tagName: "DIV", isContentEditable: true } }), options),
    ).toBeNull();
    expect(commandForKey(press("l", { metaKey: true }), options)).toBeNull();
    expect(commandForKey(press("s", { ctrlKey: true }), options)).toBeNull();
  });

  it("labels on Enter only with a selection and not on a focused button", () => {
    expect(commandForKey(press("Enter"), options)).toEqual({ kind: "label-selection" });
    expect(commandForKey(press("Enter"), { ...options, hasSelection: false })).toBeNull();
    expect(commandForKey(press("Enter", { target: { tagName: "BUTTON" } }), options)).toBeNull();
  });
});

describe("neighbourCandidate", () => {
  const candidates = [{ documentId: "a" }, { documentId: "b" }, { documentId: "c" }];

  it("moves to the next and previous candidate and stops at the ends", () => {
    expect(neighbourCandidate(candidates, "b", 1)?.documentId).toBe("c");
    expect(neighbourCandidate(candidates, "b", -1)?.documentId).toBe("a");
    expect(neighbourCandidate(candidates, "c", 1)).toBeNull();
    expect(neighbourCandidate(candidates, "a", -1)).toBeNull();
  });

  it("opens the first candidate when the open document is not a candidate", () => {
    expect(neighbourCandidate(candidates, null, 1)?.documentId).toBe("a");
    expect(neighbourCandidate(candidates, "zzz", -1)?.documentId).toBe("a");
    expect(neighbourCandidate([], null, 1)).toBeNull();
  });
});

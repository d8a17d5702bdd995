import { describe, expect, it } from "vitest";
import {
  commandForKey,
  isWriteCommand,
  type KeyContext,
  type KeyPress,
  neighbourCandidate,
  neighbourLabel,
} from "./labeling-shortcuts";
import { shortcutGroups } from "./shortcut-groups";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target: { tagName: "BODY" },
  ...extra,
});
const context: KeyContext = { grades: [0, 1, 2, 3], hasSelection: true, hasSelectedLabel: false };

describe("commandForKey", () => {
  it("maps digits to the grades of the scale only, 0 (not relevant) included", () => {
    expect(commandForKey(press("0"), context)).toEqual({ kind: "grade", grade: 0 });
    expect(commandForKey(press("2"), context)).toEqual({ kind: "grade", grade: 2 });
    expect(commandForKey(press("4"), context)).toBeNull();
    expect(commandForKey(press("0"), { ...context, grades: [1, 2] })).toBeNull();
  });

  it("maps letters, case-insensitively", () => {
    expect(commandForKey(press("l"), context)).toEqual({ kind: "label-selection" });
    expect(commandForKey(press("W"), context)).toEqual({ kind: "label-document" });
    expect(commandForKey(press("D"), context)).toEqual({ kind: "status", status: "labeled" });
    expect(commandForKey(press("s"), context)).toEqual({ kind: "status", status: "skipped" });
    expect(commandForKey(press("j"), context)).toEqual({ kind: "next-candidate" });
    expect(commandForKey(press("k"), context)).toEqual({ kind: "previous-candidate" });
    expect(commandForKey(press("n"), context)).toEqual({ kind: "next-query" });
    expect(commandForKey({ ...press("N"), shiftKey: true }, context)).toEqual({ kind: "leave-holes" });
    expect(commandForKey(press("p"), context)).toEqual({ kind: "previous-query" });
    expect(commandForKey(press("u"), context)).toEqual({ kind: "undo" });
    expect(commandForKey(press("q"), context)).toBeNull();
  });

  it("selects labels with Shift+J/K (Caps Lock alone still moves between candidates)", () => {
    expect(commandForKey(press("J", { shiftKey: true }), context)).toEqual({
      kind: "select-label",
      direction: 1,
    });
    expect(commandForKey(press("K", { shiftKey: true }), context)).toEqual({
      kind: "select-label",
      direction: -1,
    });
    expect(commandForKey(press("J"), context)).toEqual({ kind: "next-candidate" });
  });

  it("maps brackets and parentheses to sentence moves", () => {
    expect(commandForKey(press(")"), context)).toEqual({ kind: "sentence", move: "next" });
    expect(commandForKey(press("("), context)).toEqual({ kind: "sentence", move: "previous" });
    expect(commandForKey(press("]"), context)).toEqual({ kind: "sentence", move: "extend-end" });
    expect(commandForKey(press("["), context)).toEqual({ kind: "sentence", move: "shrink-end" });
    expect(commandForKey(press("{"), context)).toEqual({ kind: "sentence", move: "extend-start" });
    expect(commandForKey(press("}"), context)).toEqual({ kind: "sentence", move: "shrink-start" });
    // AltGr (Ctrl+Alt on Windows) types brackets on many layouts
    expect(commandForKey(press("[", { ctrlKey: true, altKey: true }), context)).toEqual({
      kind: "sentence",
      move: "shrink-end",
    });
  });

  it("maps search, the cheat sheet and undo (u, Ctrl+Z, Cmd+Z)", () => {
    expect(commandForKey(press("/"), context)).toEqual({ kind: "focus-search" });
    expect(commandForKey(press("?", { shiftKey: true }), context)).toEqual({ kind: "show-shortcuts" });
    expect(commandForKey(press("z", { ctrlKey: true }), context)).toEqual({ kind: "undo" });
    expect(commandForKey(press("z", { metaKey: true }), context)).toEqual({ kind: "undo" });
    expect(commandForKey(press("Z", { ctrlKey: true, shiftKey: true }), context)).toBeNull();
  });

  it("deletes and lets go of a label only while one is selected", () => {
    const selected = { ...context, hasSelection: false, hasSelectedLabel: true };
    for (const key of ["x", "Delete", "Backspace"]) {
      expect(commandForKey(press(key), selected)).toEqual({ kind: "delete-label" });
      expect(commandForKey(press(key), context)).toBeNull();
    }
    expect(commandForKey(press("Escape"), selected)).toEqual({ kind: "escape" });
    expect(commandForKey(press("Escape"), context)).toEqual({ kind: "escape" });
    expect(commandForKey(press("Escape"), { ...context, hasSelection: false })).toBeNull();
  });

  it("ignores keys typed into form controls, in dialogs, and chords", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"]) {
      expect(commandForKey(press("d", { target: { tagName } }), context)).toBeNull();
      expect(commandForKey(press("z", { ctrlKey: true, target: { tagName } }), context)).toBeNull();
    }
    expect(
      commandForKey(press("d", { target: { tagName: "DIV", isContentEditable: true } }), context),
    ).toBeNull();
    expect(commandForKey(press("j", { target: { tagName: "BUTTON", inDialog: true } }), context)).toBeNull();
    expect(commandForKey(press("l", { metaKey: true }), context)).toBeNull();
    expect(commandForKey(press("s", { ctrlKey: true }), context)).toBeNull();
    expect(commandForKey(press("2", { altKey: true }), context)).toBeNull();
  });

  it("labels on Enter only with a selection and not on a focused button or link", () => {
    expect(commandForKey(press("Enter"), context)).toEqual({ kind: "label-selection" });
    expect(commandForKey(press("Enter"), { ...context, hasSelection: false })).toBeNull();
    expect(commandForKey(press("Enter", { target: { tagName: "BUTTON" } }), context)).toBeNull();
    expect(commandForKey(press("Enter", { target: { tagName: "A" } }), context)).toBeNull();
  });
});

describe("the judge's keys", () => {
  it("asks the judge with M and accepts its suggestion with A, only when a judge exists", () => {
    expect(commandForKey(press("m"), { ...context, hasJudge: true })).toEqual({ kind: "ask-judge" });
    expect(commandForKey(press("a"), { ...context, hasJudge: true })).toEqual({ kind: "accept-suggestion" });
    expect(commandForKey(press("m"), context)).toBeNull();
    expect(commandForKey(press("a"), { ...context, hasJudge: false })).toBeNull();
    expect(
      commandForKey(press("a", { target: { tagName: "INPUT" } }), { ...context, hasJudge: true }),
    ).toBeNull();
  });

  it("queues an acceptance like any label write; asking writes no label", () => {
    expect(isWriteCommand({ kind: "accept-suggestion" }, { hasSelectedLabel: false })).toBe(true);
    expect(isWriteCommand({ kind: "ask-judge" }, { hasSelectedLabel: false })).toBe(false);
  });

  it("lists the judge's keys in the cheat sheet only when a judge exists", () => {
    const keysOf = (judge: boolean) =>
      shortcutGroups([{ grade: 1, name: "Relevant" }], { judge }).flatMap((group) =>
        group.rows.flatMap((row) => row.keys),
      );
    expect(keysOf(true)).toEqual(expect.arrayContaining(["M", "A"]));
    expect(keysOf(false)).not.toContain("M");
    expect(new Set(keysOf(true)).size).toBe(keysOf(true).length);
  });
});

describe("isWriteCommand", () => {
  it("counts label and status changes as writes, a grade key only when it regrades a selected label", () => {
    const none = { hasSelectedLabel: false };
    for (const kind of ["label-selection", "label-document", "delete-label", "undo"] as const) {
      expect(isWriteCommand({ kind }, none)).toBe(true);
    }
    expect(isWriteCommand({ kind: "status", status: "labeled" }, none)).toBe(true);
    expect(isWriteCommand({ kind: "grade", grade: 2 }, none)).toBe(false);
    expect(isWriteCommand({ kind: "grade", grade: 2 }, { hasSelectedLabel: true })).toBe(true);
    expect(isWriteCommand({ kind: "next-candidate" }, none)).toBe(false);
    expect(isWriteCommand({ kind: "sentence", move: "next" }, none)).toBe(false);
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

describe("neighbourLabel", () => {
  it("cycles through the labels in both directions, starting at either end", () => {
    const ids = ["a", "b", "c"];
    expect(neighbourLabel(ids, null, 1)).toBe("a");
    expect(neighbourLabel(ids, null, -1)).toBe("c");
    expect(neighbourLabel(ids, "c", 1)).toBe("a");
    expect(neighbourLabel(ids, "a", -1)).toBe("c");
    expect(neighbourLabel(ids, "gone", 1)).toBe("a");
    expect(neighbourLabel([], null, 1)).toBeNull();
  });
});

describe("shortcutGroups", () => {
  it("names each grade of the set's scale beside its digit, and lists every key once", () => {
    const groups = shortcutGroups([
      { grade: 2, name: "Relevant" },
      { grade: 0, name: "Not relevant" },
    ]);
    const rows = groups.flatMap((group) => group.rows);
    expect(rows.slice(0, 2).map((row) => [row.keys, row.description])).toEqual([
      [["0"], "Not relevant"],
      [["2"], "Relevant"],
    ]);
    const keys = rows.flatMap((row) => row.keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of ["L", "W", ")", "]", "{", "U", "J", "N", "/", "?"]) expect(keys).toContain(key);
  });
});

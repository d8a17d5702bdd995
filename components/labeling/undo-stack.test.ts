import { describe, expect, it } from "vitest";
import { nextUndo, UNDO_CAPACITY, type UndoEntry, undoneMessage, undoStackReducer } from "./undo-stack";

const created = (labelId: string): UndoEntry => ({ kind: "created", labelId, what: `“${labelId}”` });
const push = (stack: readonly UndoEntry[], entry: UndoEntry) =>
  undoStackReducer(stack, { type: "push", entry });

describe("undoStackReducer", () => {
  it("undoes the newest action first", () => {
    let stack = push([], created("a"));
    stack = push(stack, { kind: "regraded", labelId: "a", what: "“a”", from: 2, to: 3 });
    stack = push(stack, { kind: "deleted", labelId: "a", what: "“a”" });
    expect(nextUndo(stack)?.kind).toBe("deleted");
    stack = undoStackReducer(stack, { type: "pop" });
    expect(nextUndo(stack)?.kind).toBe("regraded");
    stack = undoStackReducer(stack, { type: "pop" });
    expect(nextUndo(stack)?.kind).toBe("created");
    stack = undoStackReducer(stack, { type: "pop" });
    expect(nextUndo(stack)).toBeNull();
    expect(undoStackReducer(stack, { type: "pop" })).toBe(stack);
  });

  it(`keeps the last ${UNDO_CAPACITY} actions`, () => {
    let stack: readonly UndoEntry[] = [];
    for (let index = 0; index < UNDO_CAPACITY + 5; index++) stack = push(stack, created(`l${index}`));
    expect(stack).toHaveLength(UNDO_CAPACITY);
    expect(stack[0]?.labelId).toBe("l5");
    expect(nextUndo(stack)?.labelId).toBe(`l${UNDO_CAPACITY + 4}`);
  });

  it("records no regrade that changed nothing", () => {
    const stack = push([], created("a"));
    expect(push(stack, { kind: "regraded", labelId: "a", what: "“a”", from: 1, to: 1 })).toBe(stack);
  });

  it("forgets every action on a label that is gone, and clears", () => {
    let stack = push(push(push([], created("a")), created("b")), {
      kind: "deleted",
      labelId: "a",
      what: "“a”",
    });
    stack = undoStackReducer(stack, { type: "forget", labelId: "a" });
    expect(stack.map((entry) => entry.labelId)).toEqual(["b"]);
    expect(undoStackReducer(stack, { type: "forget", labelId: "zzz" })).toBe(stack);
    expect(undoStackReducer(stack, { type: "clear" })).toEqual([]);
  });
});

describe("undoneMessage", () => {
  const gradeName = (grade: number) =>
    ["Not relevant", "Partly", "Relevant", "Answers it"][grade] ?? `${grade}`;
  it("says what came back", () => {
    expect(undoneMessage(created("x"), gradeName)).toBe("Undone: removed the new label on “x”.");
    expect(undoneMessage({ kind: "regraded", labelId: "x", what: "“x”", from: 0, to: 2 }, gradeName)).toBe(
      "Undone: “x” is Not relevant again.",
    );
    expect(undoneMessage({ kind: "deleted", labelId: "x", what: "“x”" }, gradeName)).toBe(
      "Undone: restored the label on “x”.",
    );
  });
});

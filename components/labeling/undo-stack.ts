/**
 * The workspace's undo history: the annotator's last label actions on this query, newest last.
 * Each entry knows how to be undone — a created label is deleted, a regraded label gets its
 * previous grade back, a deleted label is restored from its history (same id and content).
 * Undo is never redone: undoing an entry removes it.
 */
export type UndoEntry =
  | { kind: "created"; labelId: string; what: string }
  | { kind: "regraded"; labelId: string; what: string; from: number; to: number }
  | { kind: "deleted"; labelId: string; what: string };

export type UndoStack = readonly UndoEntry[];

/** How many actions can be undone; older ones fall off. */
export const UNDO_CAPACITY = 20;

export type UndoStackAction =
  | { type: "push"; entry: UndoEntry }
  /** The newest entry was taken to be undone. */
  | { type: "pop" }
  /** The label is gone for good (an undo on it failed): its entries can no longer be undone. */
  | { type: "forget"; labelId: string }
  | { type: "clear" };

export function undoStackReducer(stack: UndoStack, action: UndoStackAction): UndoStack {
  switch (action.type) {
    case "push": {
      const { entry } = action;
      if (entry.kind === "regraded" && entry.from === entry.to) return stack;
      const next = [...stack, entry];
      return next.length > UNDO_CAPACITY ? next.slice(next.length - UNDO_CAPACITY) : next;
    }
    case "pop":
      return stack.length === 0 ? stack : stack.slice(0, -1);
    case "forget":
      return stack.some((entry) => entry.labelId === action.labelId)
        ? stack.filter((entry) => entry.labelId !== action.labelId)
        : stack;
    case "clear":
      return stack.length === 0 ? stack : [];
  }
}

/** The entry `u` would undo now, or null. */
export function nextUndo(stack: UndoStack): UndoEntry | null {
  return stack[stack.length - 1] ?? null;
}

/** What the notice says once an entry was undone; `gradeName` names a grade of the set's scale. */
export function undoneMessage(entry: UndoEntry, gradeName: (grade: number) => string): string {
  switch (entry.kind) {
    case "created":
      return `Undone: removed the new label on ${entry.what}.`;
    case "regraded":
      return `Undone: ${entry.what} is ${gradeName(entry.from)} again.`;
    case "deleted":
      return `Undone: restored the label on ${entry.what}.`;
  }
}

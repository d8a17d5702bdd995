import type { SentenceMove } from "@/lib/anchor/step-sentence-selection";

/** Keyboard shortcuts of the labeling workspace: which key does what, and when to ignore keys. */

export type LabelingCommand =
  /** A digit: the grade for new labels, or the selected label's new grade. */
  | { kind: "grade"; grade: number }
  | { kind: "label-selection" }
  | { kind: "label-document" }
  /** Esc: clear the text selection, else let go of the selected label. */
  | { kind: "escape" }
  | { kind: "sentence"; move: SentenceMove }
  | { kind: "select-label"; direction: 1 | -1 }
  | { kind: "delete-label" }
  | { kind: "undo" }
  | { kind: "focus-search" }
  | { kind: "show-shortcuts" }
  | { kind: "status"; status: "labeled" | "skipped" }
  | { kind: "next-candidate" }
  | { kind: "previous-candidate" }
  | { kind: "next-query" }
  /** ⇧N: in fill-holes mode, leave the hole walk for the next query (N is the next hole there). */
  | { kind: "leave-holes" }
  | { kind: "previous-query" }
  /** M: ask the judge about the top candidates (only when a judge exists). */
  | { kind: "ask-judge" }
  /** A: make the judge's suggestion for the open candidate one's own label. */
  | { kind: "accept-suggestion" };

export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
  /** The focused element the key went to; `inDialog` when it sits in an open dialog. */
  target: { tagName?: string; isContentEditable?: boolean; inDialog?: boolean } | null;
};

export type KeyContext = {
  /** Grades of the set's scale (0 included when the scale has it). */
  grades: readonly number[];
  /** Some document text is selected. */
  hasSelection: boolean;
  /** A label is selected in the label list. */
  hasSelectedLabel: boolean;
  /** A judge can be asked here (M and A do something); absent: no. */
  hasJudge?: boolean;
};

const typingTags = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const activatingTags = new Set(["BUTTON", "A", "SUMMARY"]);

/** True while the user types in a form control, where letters must stay letters. */
function isTypingTarget(target: KeyPress["target"]): boolean {
  if (!target) return false;
  return Boolean(target.isContentEditable) || typingTags.has(target.tagName ?? "");
}

const sentenceKeys: Record<string, SentenceMove> = {
  ")": "next",
  "(": "previous",
  "]": "extend-end",
  "[": "shrink-end",
  "{": "extend-start",
  "}": "shrink-start",
};

/** Punctuation keys some layouts type with AltGr (reported as Ctrl+Alt on Windows). */
const altGrKeys = new Set([...Object.keys(sentenceKeys), "/", "?"]);

/** The command for a key press, or null (the key then does what it does in the browser). */
export function commandForKey(press: KeyPress, context: KeyContext): LabelingCommand | null {
  if (isTypingTarget(press.target) || press.target?.inDialog) return null;
  const altGr = press.ctrlKey && press.altKey && !press.metaKey && altGrKeys.has(press.key);
  if (
    (press.ctrlKey || press.metaKey) &&
    !press.altKey &&
    !press.shiftKey &&
    press.key.toLowerCase() === "z"
  ) {
    return { kind: "undo" };
  }
  if ((press.ctrlKey || press.metaKey || press.altKey) && !altGr) return null;

  if (/^[0-9]$/.test(press.key)) {
    const grade = Number(press.key);
    return context.grades.includes(grade) ? { kind: "grade", grade } : null;
  }
  const move = sentenceKeys[press.key];
  if (move) return { kind: "sentence", move };
  switch (press.key) {
    case "Enter":
      if (!context.hasSelection || activatingTags.has(press.target?.tagName ?? "")) return null;
      return { kind: "label-selection" };
    case "Escape":
      return context.hasSelection || context.hasSelectedLabel ? { kind: "escape" } : null;
    case "Delete":
    case "Backspace":
      return context.hasSelectedLabel ? { kind: "delete-label" } : null;
    case "/":
      return { kind: "focus-search" };
    case "?":
      return { kind: "show-shortcuts" };
  }

  const letter = press.key.toLowerCase();
  if (press.shiftKey && (letter === "j" || letter === "k")) {
    return { kind: "select-label", direction: letter === "j" ? 1 : -1 };
  }
  if (press.shiftKey && letter === "n") return { kind: "leave-holes" };
  switch (letter) {
    case "l":
      return { kind: "label-selection" };
    case "w":
      return { kind: "label-document" };
    case "x":
      return context.hasSelectedLabel ? { kind: "delete-label" } : null;
    case "u":
      return { kind: "undo" };
    case "d":
      return { kind: "status", status: "labeled" };
    case "s":
      return { kind: "status", status: "skipped" };
    case "j":
      return { kind: "next-candidate" };
    case "k":
      return { kind: "previous-candidate" };
    case "n":
      return { kind: "next-query" };
    case "p":
      return { kind: "previous-query" };
    case "m":
      return context.hasJudge ? { kind: "ask-judge" } : null;
    case "a":
      return context.hasJudge ? { kind: "accept-suggestion" } : null;
    default:
      return null;
  }
}

/**
 * Commands that write (labels, the query's status): they run one at a time, in the order pressed.
 * A grade key writes only when it regrades the selected label.
 */
export function isWriteCommand(
  command: LabelingCommand,
  context: Pick<KeyContext, "hasSelectedLabel">,
): boolean {
  switch (command.kind) {
    case "label-selection":
    case "label-document":
    case "status":
    case "delete-label":
    case "undo":
    case "accept-suggestion":
      return true;
    case "grade":
      return context.hasSelectedLabel;
    default:
      return false;
  }
}

/** The candidate to open for j/k: the neighbour of the open one, or the first when none is open. */
export function neighbourCandidate<T extends { documentId: string }>(
  candidates: readonly T[],
  openDocumentId: string | null,
  direction: 1 | -1,
): T | null {
  const index = candidates.findIndex((candidate) => candidate.documentId === openDocumentId);
  if (index === -1) return candidates[0] ?? null;
  return candidates[index + direction] ?? null;
}

/**
 * The label Shift+J / Shift+K selects: the next or previous in the list's order, wrapping around;
 * the first (or last) when none is selected; null when there are no labels.
 */
export function neighbourLabel(
  labelIds: readonly string[],
  selectedId: string | null,
  direction: 1 | -1,
): string | null {
  if (labelIds.length === 0) return null;
  const index = selectedId === null ? -1 : labelIds.indexOf(selectedId);
  if (index === -1) return (direction === 1 ? labelIds[0] : labelIds[labelIds.length - 1]) ?? null;
  return labelIds[(index + direction + labelIds.length) % labelIds.length] ?? null;
}

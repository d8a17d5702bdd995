/** Keyboard shortcuts of the labeling workspace: which key does what, and when to ignore keys. */

export type LabelingCommand =
  | { kind: "grade"; grade: number }
  | { kind: "label-selection" }
  | { kind: "label-document" }
  | { kind: "clear-selection" }
  | { kind: "status"; status: "labeled" | "skipped" }
  | { kind: "next-candidate" }
  | { kind: "previous-candidate" }
  | { kind: "next-query" }
  | { kind: "previous-query" };

export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focused element the key went to. */
  target: { tagName?: string; isContentEditable?: boolean } | null;
};

/** The legend, in display order, after the row of grade digits (which depends on the scale). */
export const shortcutLegend: { keys: string[]; description: string }[] = [
  { keys: ["L"], description: "Label selection (or Enter)" },
  { keys: ["W"], description: "Whole document relevant" },
  { keys: ["Esc"], description: "Clear selection" },
  { keys: ["J", "K"], description: "Next / previous candidate" },
  { keys: ["D"], description: "Done: mark labeled" },
  { keys: ["S"], description: "Skip query" },
  { keys: ["N", "P"], description: "Next / previous query" },
];

const typingTags = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const activatingTags = new Set(["BUTTON", "A", "SUMMARY"]);

/** True while the user types in a form control, where letters must stay letters. */
export function isTypingTarget(target: KeyPress["target"]): boolean {
  if (!target) return false;
  return Boolean(target.isContentEditable) || typingTags.has(target.tagName ?? "");
}

/**
 * The command for a key press, or null. `grades` are the selectable grades (0 excluded);
 * Enter labels only when a selection exists and no button or link would take it.
 */
export function commandForKey(
  press: KeyPress,
  options: { grades: readonly number[]; hasSelection: boolean },
): LabelingCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey || isTypingTarget(press.target)) return null;

  if (/^[1-9]$/.test(press.key)) {
    const grade = Number(press.key);
    return options.grades.includes(grade) ? { kind: "grade", grade } : null;
  }
  if (press.key === "Enter") {
    if (!options.hasSelection || activatingTags.has(press.target?.tagName ?? "")) return null;
    return { kind: "label-selection" };
  }
  if (press.key === "Escape") return options.hasSelection ? { kind: "clear-selection" } : null;

  switch (press.key.toLowerCase()) {
    case "l":
      return { kind: "label-selection" };
    case "w":
      return { kind: "label-document" };
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
    default:
      return null;
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

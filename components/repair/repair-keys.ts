/** What a key does on the repair queue. */
export type RepairCommand =
  | { kind: "move"; step: 1 | -1 }
  | { kind: "choose"; candidate: number }
  | { kind: "accept" }
  | { kind: "reselect" }
  | { kind: "drop" };

export type RepairKeyPress = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The element the key went to; typing in a field or pressing a button's key is left alone. */
  target?: { tagName?: string; isContentEditable?: boolean } | null;
};

/** The keys, as the page's legend lists them. */
export const REPAIR_SHORTCUTS = [
  { keys: ["J", "K"], description: "Next / previous label" },
  { keys: ["1", "2", "3"], description: "Choose a candidate" },
  { keys: ["A"], description: "Accept the chosen candidate" },
  { keys: ["E"], description: "Re-select by hand in the workspace" },
  { keys: ["X"], description: "Drop the label (kept in the history)" },
] as const;

const typingTags = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** The command for a key press on the repair queue, or null. */
export function repairCommandForKey(press: RepairKeyPress): RepairCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.target?.isContentEditable || typingTags.has(press.target?.tagName ?? "")) return null;
  if (/^[1-9]$/.test(press.key)) return { kind: "choose", candidate: Number(press.key) - 1 };
  switch (press.key) {
    case "j":
    case "ArrowDown":
      return { kind: "move", step: 1 };
    case "k":
    case "ArrowUp":
      return { kind: "move", step: -1 };
    case "a":
    case "A":
      return { kind: "accept" };
    case "e":
    case "E":
      return { kind: "reselect" };
    case "x":
    case "X":
      return { kind: "drop" };
    default:
      return null;
  }
}

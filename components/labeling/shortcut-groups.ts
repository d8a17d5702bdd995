import type { GradeLevel } from "./types";

type ShortcutRow = { keys: string[]; description: string };
export type ShortcutGroup = { title: string; note?: string; rows: ShortcutRow[] };

/** The judge's keys (issue 23, 4c), listed when a judge can be asked. */
const judgeGroup: ShortcutGroup = {
  title: "Judge's suggestions",
  note: "The judge's grade is only a suggestion until you accept it; then the label is yours.",
  rows: [
    { keys: ["M"], description: "Ask the judge about the top 10 candidates" },
    {
      keys: ["A"],
      description: "Accept the judge's grade (and quote) for the open candidate; a digit then changes it",
    },
  ],
};

/** Every key of the workspace with its meaning, grouped for the cheat sheet (`?`). */
export function shortcutGroups(
  gradeScale: readonly GradeLevel[],
  options: { judge?: boolean } = {},
): ShortcutGroup[] {
  const grades = [...gradeScale]
    .filter((level) => level.grade >= 0 && level.grade <= 9)
    .sort((a, b) => a.grade - b.grade);
  return [
    {
      title: "Judge",
      note: "A grade key sets the grade of the next label; with a label selected, it changes that label's grade.",
      rows: [
        ...grades.map((level) => ({ keys: [String(level.grade)], description: level.name })),
        { keys: ["L", "Enter"], description: "Label the selected text with the current grade" },
        {
          keys: ["W"],
          description: "Label the whole document (once per document: again changes its grade)",
        },
      ],
    },
    {
      title: "Select text by sentence",
      rows: [
        {
          keys: [")", "("],
          description: "Select the next / previous sentence (from the caret or the candidate's passage)",
        },
        { keys: ["]", "["], description: "Extend / shrink the selection at its end by a sentence" },
        { keys: ["{", "}"], description: "Extend / shrink the selection at its start by a sentence" },
        { keys: ["Esc"], description: "Clear the selection, then let go of the selected label" },
      ],
    },
    {
      title: "Labels",
      rows: [
        {
          keys: ["Shift+J", "Shift+K"],
          description: "Select the next / previous label (then a digit regrades it)",
        },
        { keys: ["X", "Del"], description: "Delete the selected label" },
        { keys: ["U", "Ctrl+Z"], description: "Undo the last label action (up to 20)" },
      ],
    },
    {
      title: "Move",
      rows: [
        { keys: ["J", "K"], description: "Open the next / previous candidate" },
        {
          keys: ["N"],
          description:
            "Next query that needs you (assigned to you, or unlabeled); in fill-holes mode, the next hole",
        },
        {
          keys: ["Shift+N"],
          description: "In fill-holes mode: leave the holes for the next query that needs you",
        },
        { keys: ["P"], description: "Back through the queries you finished or set aside" },
        { keys: ["D"], description: "Done: mark the query labeled and go to the next" },
        { keys: ["S"], description: "Skip the query (asks why), then go to the next" },
        { keys: ["/"], description: "Search" },
        { keys: ["?"], description: "Show this list" },
      ],
    },
    ...(options.judge ? [judgeGroup] : []),
  ];
}

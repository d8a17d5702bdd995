import type { BadgeTone } from "@/components/ui/badge";

/** Colour of a grade on the default 0–3 scale: 0 grey, 1 blue, 2 amber, 3 and above green. */
export function gradeTone(grade: number): BadgeTone {
  if (grade <= 0) return "neutral";
  if (grade === 1) return "blue";
  if (grade === 2) return "amber";
  return "green";
}

/** Background and underline of a highlighted quote, by tone; "not relevant" (0) is grey and dashed. */
export const markClassByTone: Record<BadgeTone, string> = {
  neutral: "bg-zinc-100 border-dashed border-zinc-400",
  blue: "bg-sky-100 border-sky-400",
  amber: "bg-brand-100 border-brand-500",
  green: "bg-emerald-100 border-emerald-500",
  red: "bg-red-100 border-red-400",
  violet: "bg-violet-100 border-violet-400",
};

/** The grade's name alone ("Relevant"); the number when the scale has no name for it. */
export function gradeName(grade: number, scale: readonly { grade: number; name: string }[]): string {
  return scale.find((entry) => entry.grade === grade)?.name ?? `Grade ${grade}`;
}

/** "Relevant (2)"; falls back to the number when the scale has no name for it. */
export function gradeLabel(grade: number, scale: readonly { grade: number; name: string }[]): string {
  const level = scale.find((entry) => entry.grade === grade);
  return level ? `${level.name} (${grade})` : `Grade ${grade}`;
}

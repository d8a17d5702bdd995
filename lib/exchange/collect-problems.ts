import { formatJsonPath, type InputProblem, type InputProblems } from "@/lib/errors";

/** How many problems a refused import lists; the rest are counted ("and 12 more"). */
export const MAX_PROBLEMS_LISTED = 100;

/**
 * The problems of one import, gathered from every check (syntax, then references) so that a
 * person sees them all at once. It keeps the first `cap` in reading order — the main file's
 * (problems naming no file) first, then other files in the order given, then by line (whole-file problems, line 0 or none, first), then in the order added —
 * and counts the rest, so a file of a million bad lines costs `cap` objects, not a million.
 */
export type ProblemList = {
  add(problem: InputProblem): void;
  /** Problems found, listed or not. */
  readonly total: number;
  /** The first `cap` problems in reading order. */
  listed(): InputProblem[];
  /** `{ listed, total }`, as an AppError carries them. */
  summary(): InputProblems;
};

export function collectProblems(options: { cap?: number; files?: readonly string[] } = {}): ProblemList {
  const cap = options.cap ?? MAX_PROBLEMS_LISTED;
  const files = options.files ?? [];
  const kept: { problem: InputProblem; order: number }[] = [];
  let total = 0;
  const fileRank = (file: string | undefined) => {
    if (file === undefined) return -1; // the main file, whose problems need not name it
    const rank = files.indexOf(file);
    return rank < 0 ? files.length : rank;
  };
  const compare = (
    a: { problem: InputProblem; order: number },
    b: { problem: InputProblem; order: number },
  ) =>
    fileRank(a.problem.file) - fileRank(b.problem.file) ||
    (a.problem.line ?? 0) - (b.problem.line ?? 0) ||
    a.order - b.order;
  return {
    add(problem) {
      const entry = { problem, order: total++ };
      const last = kept.at(-1);
      if (kept.length >= cap && (last === undefined || compare(entry, last) >= 0)) return;
      // checks add mostly in line order, so the entry usually goes at the end
      let at = kept.length;
      while (at > 0 && compare(entry, kept[at - 1] as (typeof kept)[number]) < 0) at--;
      kept.splice(at, 0, entry);
      if (kept.length > cap) kept.pop();
    },
    get total() {
      return total;
    },
    listed: () => kept.map((entry) => entry.problem),
    summary() {
      return { listed: this.listed(), total };
    },
  };
}

/**
 * One message for a refused import: how many problems, then each where it is (file, line, JSON
 * path), so a person can fix the file; `fileName` names the file of problems that name none.
 */
export function describeProblems(problems: InputProblems, fileName: string): string {
  const count = problems.total === 1 ? "1 problem" : `${problems.total.toLocaleString("en-US")} problems`;
  const lines = problems.listed.map((problem) => {
    const where = [
      problem.file ?? fileName,
      problem.line ? `line ${problem.line}` : "",
      problem.path ? formatJsonPath(problem.path) : "",
    ].filter((part) => part !== "");
    return `  ${where.join(" ")}: ${problem.message}`;
  });
  const hidden = problems.total - problems.listed.length;
  if (hidden > 0) lines.push(`  … and ${hidden.toLocaleString("en-US")} more`);
  return `Nothing imported — ${count}:\n${lines.join("\n")}`;
}

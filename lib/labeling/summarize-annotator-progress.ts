import { countQueriesLabeledBy } from "@/lib/sets/query-counts";

/** One annotator's work in a set, as the assignments page lists it (definitions: lib/sets/query-counts.ts). */
export type AnnotatorProgress = {
  user: { id: string; name: string; email: string; role: string };
  /** Queries assigned to them. */
  assigned: number;
  /** Queries they marked done (no answer in corpus included), skipped, or could not judge. */
  done: number;
  skipped: number;
  cannotJudge: number;
  /** Assigned queries they have not acted on yet. */
  remaining: number;
  /** Queries with at least one label of theirs, any grade, whether or not they marked them done. */
  labeledQueries: number;
  /** Labels of theirs in the set, any grade. */
  labels: number;
};

/**
 * Per-annotator progress from the raw rows of one set: everyone who is assigned, has progress or
 * has labels, ordered by name. Progress counts every query of the set, assigned or not;
 * `remaining` only the assigned ones without progress.
 */
export function summarizeAnnotatorProgress(options: {
  users: AnnotatorProgress["user"][];
  assignments: { queryId: string; userId: string }[];
  progress: { queryId: string; userId: string; state: string }[];
  /** One row per label of theirs (an annotator's labels; imported ones have none). */
  labels: { queryId: string; userId: string }[];
}): AnnotatorProgress[] {
  const labeledQueries = countQueriesLabeledBy(
    options.labels.map((label) => ({ queryId: label.queryId, annotatorId: label.userId })),
  );
  const acted = new Set(options.progress.map((row) => `${row.userId}|${row.queryId}`));
  return options.users
    .map((user) => {
      const assigned = options.assignments.filter((row) => row.userId === user.id);
      const mine = options.progress.filter((row) => row.userId === user.id);
      const count = (state: string) => mine.filter((row) => row.state === state).length;
      return {
        user,
        assigned: assigned.length,
        done: count("done"),
        skipped: count("skipped"),
        cannotJudge: count("cannot_judge"),
        remaining: assigned.filter((row) => !acted.has(`${user.id}|${row.queryId}`)).length,
        labeledQueries: labeledQueries.get(user.id) ?? 0,
        labels: options.labels.filter((row) => row.userId === user.id).length,
      };
    })
    .sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.email.localeCompare(b.user.email));
}

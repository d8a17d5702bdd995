import type { BadgeTone } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format-date";

/** How a history row reads: what happened, and the words and colour for it. */
const labelEventActions: Record<string, { label: string; tone: BadgeTone; hint: string }> = {
  created: { label: "created", tone: "green", hint: "The label was saved for the first time" },
  updated: { label: "regraded", tone: "blue", hint: "The label's grade changed" },
  deleted: { label: "deleted", tone: "red", hint: "The label was deleted; its content is kept here" },
  restored: { label: "restored", tone: "violet", hint: "An admin brought the deleted label back" },
  merged: {
    label: "merged",
    tone: "neutral",
    hint: "A duplicate of a newer label by the same annotator on the same span, folded into it when labels became unique",
  },
};

export function labelEventAction(action: string): { label: string; tone: BadgeTone; hint: string } {
  return labelEventActions[action] ?? { label: action, tone: "neutral", hint: "" };
}

/**
 * Who made the change: the user's name (their email when they have none), else the email kept
 * at the time, else where it came from (the command line, or the migration for merged rows).
 */
export function labelEventActor(row: {
  action: string;
  actorName: string | null;
  actorEmail: string;
}): string {
  if (row.actorName) return row.actorName;
  if (row.actorEmail) return row.actorEmail;
  return row.action === "merged" ? "migration" : "command line";
}

/** The grade before and after the event; null where there is no label (before creation, after deletion). */
export function labelEventGrades(row: {
  before: { grade: number } | null;
  after: { grade: number } | null;
}): { before: number | null; after: number | null } {
  return { before: row.before?.grade ?? null, after: row.after?.grade ?? null };
}

const formatNames: Record<string, string> = {
  trec: "TREC qrels",
  beir: "BEIR qrels",
  quepid: "Quepid ratings",
  csv: "CSV ratings",
  goldenset: "golden-set file",
};

/**
 * Whose label it is, for the "Label by" column: the annotator, else the import it came from
 * ("import of qrels.txt"), else "unknown". `detail` says the rest — the import's format, time and
 * importer — and `from` names the import under an annotator's name (a golden-set file credits
 * its labels to their annotators).
 */
export function labelEventOwner(row: {
  annotatorName: string | null;
  importedFrom: { fileName: string; format: string; importedAt: Date; importedBy: string | null } | null;
  after?: { suggestedBy?: { judge: string } | undefined } | null;
}): { name: string; from: string | null; detail: string | null } {
  const source = row.importedFrom;
  const suggested = row.after?.suggestedBy;
  if (suggested) {
    const from = suggestionOrigin(suggested.judge);
    const detail = `${from[0]?.toUpperCase()}${from.slice(1)} in the labeling workspace: the label is the person's own`;
    return { name: row.annotatorName ?? "unknown", from, detail };
  }
  if (!source) return { name: row.annotatorName ?? "unknown", from: null, detail: null };
  const format = formatNames[source.format] ?? source.format;
  const detail = `Imported from ${source.fileName} (${format}) on ${formatDateTime(source.importedAt)} by ${
    source.importedBy ?? "the command line"
  }`;
  return row.annotatorName
    ? { name: row.annotatorName, from: `from ${source.fileName}`, detail }
    : { name: `import of ${source.fileName}`, from: null, detail };
}

/** "accepted from model:gpt-judge's suggestion": a grade a person took from the LLM judge. */
function suggestionOrigin(judge: string): string {
  return `accepted from ${judge}'s suggestion`;
}

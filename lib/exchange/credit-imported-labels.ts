import { isModelAnnotator } from "@/lib/exchange/model-annotator";
import { judgedSpan } from "./check-golden-set-references";
import type { GoldenSetFile } from "./golden-set-schema";

type FileLabel = GoldenSetFile["queries"][number]["labels"][number];

/** Who imports a golden-set file through the app, and what the file may keep of its own labels. */
export type ImportCredit = {
  /** The importing user's email: the annotator of every label the file may not keep as it is. */
  importerEmail: string;
  /**
   * Engineers and admins (who adjudicate): labels keep their annotator when that user exists here
   * and keep `adjudicated`. Annotators: every label is theirs, and adjudication is dropped.
   */
  mayAdjudicate: boolean;
  /** Existing users, by lowercased email → their email as stored. */
  existingUsers: ReadonlyMap<string, string>;
};

export type CreditSummary = {
  /** Labels in the set after crediting. */
  labels: number;
  /** Labels credited to the importer (the file named someone else, an unknown user, or nobody). */
  creditedToImporter: number;
  /** Labels that keep the annotator the file named (an existing user; the importer included). */
  keptAnnotator: number;
  /** Labels of LLM judges (annotator `model:<name>`): always kept under their judge, whoever imports. */
  modelLabels: number;
  /** Labels that keep no annotator (an engineer's or admin's import of a label without one). */
  withoutAnnotator: number;
  /** Labels the file marked adjudicated that are not adjudicated here. */
  adjudicationDropped: number;
  /** Labels that became another label's duplicate once credited, merged into it (highest grade). */
  merged: number;
  /** One sentence for the person who imported: what was done to the file's labels. */
  message: string;
};

/**
 * A golden-set file as an importing user may bring it in: nobody can create labels in another
 * person's name or record an adjudication they may not make. An annotator's import credits every
 * label to the annotator and drops `adjudicated`; an engineer's or admin's keeps the file's
 * annotators that exist as users (else credits the importer) and its adjudications. Labels that
 * become duplicates (two annotators' labels on one span, now both the importer's) are merged into
 * one with the highest grade. A judge's labels (annotator `model:<name>`) stay the judge's: they are
 * nobody's judgment to take over, and crediting them to a person would mix model and human labels.
 * Pure: the caller looks up `existingUsers`.
 */
export function creditImportedLabels(
  file: GoldenSetFile,
  credit: ImportCredit,
): { file: GoldenSetFile; summary: CreditSummary } {
  const counts = {
    creditedToImporter: 0,
    keptAnnotator: 0,
    modelLabels: 0,
    withoutAnnotator: 0,
    adjudicationDropped: 0,
    merged: 0,
  };
  const queries = file.queries.map((query) => {
    const indexByJudgment = new Map<string, number>();
    const labels: FileLabel[] = [];
    for (const label of query.labels) {
      const credited = creditLabel(label, credit);
      const { annotator } = credited;
      if (isModelAnnotator(annotator)) counts.modelLabels++;
      else if (annotator === null) counts.withoutAnnotator++;
      else if (annotator.toLowerCase() !== label.annotator?.toLowerCase()) counts.creditedToImporter++;
      else counts.keptAnnotator++;
      if (label.adjudicated === true && credited.adjudicated !== true) counts.adjudicationDropped++;
      // labels without an annotator may be different people's: never merged
      const key =
        annotator === null
          ? null
          : JSON.stringify([label.document, judgedSpan(label), annotator, credited.adjudicated === true]);
      const earlier = key === null ? undefined : indexByJudgment.get(key);
      if (earlier === undefined) {
        if (key !== null) indexByJudgment.set(key, labels.length);
        labels.push(credited);
        continue;
      }
      counts.merged++;
      if (credited.grade > (labels[earlier]?.grade ?? Number.NEGATIVE_INFINITY)) labels[earlier] = credited;
    }
    return { ...query, labels };
  });
  const labels = queries.reduce((sum, query) => sum + query.labels.length, 0);
  const summary = { labels, ...counts };
  return { file: { ...file, queries }, summary: { ...summary, message: describeCredit(summary, credit) } };
}

/** The label as this importer may create it: its annotator, and `adjudicated` only if kept. */
function creditLabel(label: FileLabel, credit: ImportCredit): FileLabel {
  const credited: FileLabel = { ...label, annotator: creditedAnnotator(label.annotator, credit) };
  delete credited.adjudicated;
  if (credit.mayAdjudicate && label.adjudicated === true) credited.adjudicated = true;
  return credited;
}

function creditedAnnotator(named: string | null, credit: ImportCredit): string | null {
  if (isModelAnnotator(named)) return named;
  if (!credit.mayAdjudicate) return credit.importerEmail;
  if (named === null) return null;
  return credit.existingUsers.get(named.toLowerCase()) ?? credit.importerEmail;
}

/** "132 labels credited to you; adjudication dropped from 12: only engineers and admins adjudicate." */
function describeCredit(summary: Omit<CreditSummary, "message">, credit: ImportCredit): string {
  const count = (n: number, one: string, many = `${one}s`) =>
    `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
  const parts: string[] = [];
  const people = summary.labels - summary.modelLabels;
  if (!credit.mayAdjudicate) {
    if (people > 0 || summary.modelLabels === 0) parts.push(`${count(people, "label")} credited to you`);
  } else {
    if (summary.keptAnnotator > 0)
      parts.push(`${count(summary.keptAnnotator, "label")} kept the annotator the file named`);
    if (summary.creditedToImporter > 0)
      parts.push(
        `${count(summary.creditedToImporter, "label")} credited to you (the file named no user of this server)`,
      );
    if (summary.withoutAnnotator > 0)
      parts.push(`${count(summary.withoutAnnotator, "label")} without an annotator`);
  }
  if (summary.modelLabels > 0)
    parts.push(
      `${count(summary.modelLabels, "model label")} kept under ${summary.modelLabels === 1 ? "its" : "their"} judge`,
    );
  if (summary.merged > 0) parts.push(`${count(summary.merged, "duplicate")} merged (highest grade kept)`);
  if (summary.adjudicationDropped > 0)
    parts.push(
      `adjudication dropped from ${count(summary.adjudicationDropped, "label")}: only engineers and admins adjudicate`,
    );
  return parts.length === 0 ? "No labels to credit." : `${parts.join("; ")}.`;
}

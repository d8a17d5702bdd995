import type { z } from "zod";
import { labelSpanKey } from "@/lib/anchor/label-span-key";
import type { goldenSetFileObjectSchema } from "./golden-set-schema";

type Path = (string | number)[];
type ObjectFile = z.output<typeof goldenSetFileObjectSchema>;

/**
 * What JSON Schema cannot say, reported at the offending value's path. corpus.documents lists
 * every document version a label was made on, once per (id, version), with that version's
 * content hash; each label's (document, documentVersion) must be listed. So an importer can
 * check that it holds exactly the text each label's offsets refer to, and a label made on an
 * old version (re-anchored on the current text at evaluation time) keeps its own hash.
 */
export function checkGoldenSetReferences(file: ObjectFile, context: z.RefinementCtx<ObjectFile>): void {
  const report: Report = (path, message) => context.addIssue({ code: "custom", message, path });
  const grades = checkGradeScale(file, report);
  file.judges?.forEach((judge, index) => {
    if (judge.annotator !== `model:${judge.name}`)
      report(
        ["judges", index, "annotator"],
        `must be "model:${judge.name}", the judge's name after "model:"`,
      );
  });
  const versionsById = listedVersions(file, report);
  const firstIndexById = new Map<string, number>();
  const firstIndexByText = new Map<string, number>();
  file.queries.forEach((query, queryIndex) => {
    const sameId = firstIndexById.get(query.id);
    if (sameId !== undefined)
      report(["queries", queryIndex, "id"], `duplicate query id (as queries[${sameId}])`);
    else firstIndexById.set(query.id, queryIndex);
    const sameText = firstIndexByText.get(query.text);
    if (sameText !== undefined)
      report(["queries", queryIndex, "text"], `duplicate query text (as queries[${sameText}])`);
    else firstIndexByText.set(query.text, queryIndex);
    checkLabels(query.labels, { queryIndex, grades, versionsById, report });
  });
}

type Report = (path: Path, message: string) => void;

/** The set's grades, unique and ascending, with the relevance threshold within them. */
function checkGradeScale(file: ObjectFile, report: Report): number[] {
  const grades = file.set.gradeScale.map((level) => level.grade);
  grades.forEach((grade, index) => {
    const previous = grades[index - 1];
    if (previous !== undefined && grade <= previous) {
      report(
        ["set", "gradeScale", index, "grade"],
        `grades must be unique and ascending (${grade} after ${previous})`,
      );
    }
  });
  const highest = Math.max(...grades);
  if (grades.length > 0 && file.set.relevantThreshold > highest) {
    report(
      ["set", "relevantThreshold"],
      `is ${file.set.relevantThreshold}, above the highest grade ${highest}`,
    );
  }
  return grades;
}

/** The versions corpus.documents lists for each document id, each (id, version) once. */
function listedVersions(file: ObjectFile, report: Report): Map<string, number[]> {
  const versionsById = new Map<string, number[]>();
  file.corpus.documents.forEach((document, index) => {
    const versions = versionsById.get(document.id) ?? [];
    if (versions.includes(document.version)) {
      report(
        ["corpus", "documents", index],
        `document "${document.id}" version ${document.version} is listed twice`,
      );
    }
    versionsById.set(document.id, [...versions, document.version]);
  });
  return versionsById;
}

/**
 * One query's labels: each unique per (query, document, span, annotator, adjudicated), as in the
 * database — labels without an annotator may be different people's and are not compared — with
 * a grade of the scale, a listed document version, and a quote as long as its span.
 */
function checkLabels(
  labels: readonly FileLabel[],
  options: { queryIndex: number; grades: number[]; versionsById: Map<string, number[]>; report: Report },
): void {
  const { queryIndex, grades, versionsById, report } = options;
  const firstIndexByJudgment = new Map<string, number>();
  labels.forEach((label, labelIndex) => {
    const at = (...rest: Path): Path => ["queries", queryIndex, "labels", labelIndex, ...rest];
    if (label.annotator !== null) {
      const key = JSON.stringify([
        label.document,
        judgedSpan(label),
        label.annotator,
        label.adjudicated === true,
      ]);
      const first = firstIndexByJudgment.get(key);
      if (first !== undefined) {
        report(
          at(),
          `duplicate label: same document, span and annotator as queries[${queryIndex}].labels[${first}] (a label is unique per query, document, span and annotator; keep one)`,
        );
      } else firstIndexByJudgment.set(key, labelIndex);
    }
    if (grades.length > 0 && !grades.includes(label.grade)) {
      report(at("grade"), `grade ${label.grade} is not in set.gradeScale (${grades.join(", ")})`);
    }
    const versions = versionsById.get(label.document);
    if (versions === undefined) {
      report(at("document"), `document "${label.document}" is not listed in corpus.documents`);
    } else if (!versions.includes(label.documentVersion)) {
      report(
        at("documentVersion"),
        `version ${label.documentVersion} of "${label.document}" is not listed in corpus.documents (listed: ${versions.join(", ")})`,
      );
    }
    if (Date.parse(label.updatedAt) < Date.parse(label.createdAt))
      report(at("updatedAt"), "is before createdAt");
    if (label.target.kind === "quote") checkQuoteSpan(label.target.selector, at, report);
  });
}

type QuoteSelector = Extract<FileLabel["target"], { kind: "quote" }>["selector"];

/** A quote's span ends after it starts and is exactly as long as the quote. */
function checkQuoteSpan([quote, position]: QuoteSelector, at: (...rest: Path) => Path, report: Report): void {
  if (position.end <= position.start) {
    report(at("target", "selector", 1, "end"), `must be greater than start (${position.start})`);
  } else if (quote.exact !== "" && position.end - position.start !== quote.exact.length) {
    report(
      at("target", "selector", 1, "end"),
      `end − start is ${position.end - position.start}, but the quote is ${quote.exact.length} characters long`,
    );
  }
}

type FileLabel = ObjectFile["queries"][number]["labels"][number];

/** What a label judges, as the database's Label.spanKey. */
export function judgedSpan(label: FileLabel): string {
  if (label.target.kind === "document") return labelSpanKey({ kind: "document" });
  const [, position] = label.target.selector;
  return labelSpanKey({ kind: "quote", documentVersion: label.documentVersion, ...position });
}

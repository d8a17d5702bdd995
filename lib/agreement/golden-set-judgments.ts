import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import { isModelAnnotator } from "@/lib/exchange/model-annotator";
import type { AnnotatorJudgment } from "./collect-agreement-items";

/**
 * The annotators' judgments in a golden set file, for agreement: every label with an annotator
 * (named as the file names them), quote and document labels alike. Adjudicated labels are the
 * adjudicator's decision, not a judgment to agree with, and labels without an annotator cannot be
 * told apart by person: both are left out. So are an LLM judge's labels (`model:<name>`):
 * agreement between people is people's; the judge report measures a judge against them.
 */
export function goldenSetJudgments(file: Pick<GoldenSetFile, "queries">): AnnotatorJudgment[] {
  return file.queries.flatMap((query) =>
    query.labels.flatMap((label) =>
      label.annotator === null || label.adjudicated === true || isModelAnnotator(label.annotator)
        ? []
        : [{ query: query.id, document: label.document, annotator: label.annotator, grade: label.grade }],
    ),
  );
}

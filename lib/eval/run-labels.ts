import { z } from "zod";
import type { LabelState } from "@/lib/anchor/label-state";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import type { RunResolution } from "@/lib/eval/run-report-schema";
import {
  type JudgmentPolicy,
  judgmentPolicySchema,
  type ModelJudgmentsPolicy,
  modelJudgmentsPolicySchema,
} from "@/lib/exchange/golden-set-schema";
import { countedGrades, type PolicyLabel } from "./count-judgments";

/**
 * What run pages and comparisons read from a frozen set version (GoldenSetVersion.snapshot, the exchange
 * format): the relevance threshold and each query's labels. Loose on purpose: the snapshot was
 * validated whole when it was frozen, and re-checking every cross reference on each page view
 * would cost more than the comparison.
 */
const snapshotSchema = z.looseObject({
  set: z.looseObject({
    relevantThreshold: z.number(),
    gradeScale: z.array(z.looseObject({ grade: z.number(), name: z.string() })),
    /** Sets frozen before judgment policies counted every label: "any". */
    judgmentPolicy: judgmentPolicySchema.catch("any").default("any"),
    /** Sets frozen before model judgments had no judges' labels: "ignore". */
    modelJudgments: modelJudgmentsPolicySchema.catch("ignore").default("ignore"),
  }),
  queries: z.array(
    z.looseObject({
      id: z.string(),
      labels: z.array(
        z.looseObject({
          document: z.string(),
          grade: z.number(),
          annotator: z.string().nullable().catch(null),
          adjudicated: z.boolean().optional().catch(undefined),
          target: z.union([
            z.looseObject({ kind: z.literal("document") }),
            z.looseObject({
              kind: z.literal("quote"),
              selector: z.tuple([
                z.looseObject({ exact: z.string() }),
                z.looseObject({ start: z.number(), end: z.number() }),
              ]),
            }),
          ]),
        }),
      ),
    }),
  ),
});

export type SetSnapshotLabels = z.infer<typeof snapshotSchema>;

export function parseSetSnapshot(snapshot: unknown): SetSnapshotLabels {
  return snapshotSchema.parse(snapshot);
}

/** One label of a query as a run saw it: where it resolved, and what evaluation scored. */
export type RunQueryLabel = {
  /** "<query key>#<label index>", as in the run's resolution report. */
  id: string;
  /** Its position among the query's labels in the set version, from 1 ("L1"). */
  number: number;
  /** The document's external id, for people. */
  document: string;
  grade: number;
  /** The quote; null for a document-level label. */
  exact: string | null;
  state: LabelState;
  /** The grade the set's judgment policy counts it with (count-judgments); null when it does not count. */
  countedGrade: number | null;
  /**
   * What evaluation used, with the counted grade; null when the label was left out (orphaned, its
   * document gone, or not counted by the judgment policy).
   */
  scored: EvalLabel | null;
};

/** A label evaluation scored, with what people need to recognise it. */
export type RunLabel = EvalLabel & Omit<RunQueryLabel, "scored" | "countedGrade">;

type SnapshotQuery = SetSnapshotLabels["queries"][number];

/**
 * The labels of one query of a run's frozen set version, resolved and counted as
 * lib/runs/execute-run did: the resolution report lists every label that did not resolve exactly
 * (with where it landed, or no place when orphaned); every other quote label lies where its
 * position selector says; the set's judgment policy decides the grade each counts with
 * (`countedGrades`). `documentIds` maps external ids to the corpus's document ids.
 */
export function runQueryLabels(options: {
  query: SnapshotQuery;
  resolution: RunResolution | null;
  documentIds: ReadonlyMap<string, string>;
  judging: { policy: JudgmentPolicy; relevantThreshold: number; modelJudgments?: ModelJudgmentsPolicy };
}): RunQueryLabel[] {
  const { query, documentIds } = options;
  const counted = countedGrades({ labels: snapshotPolicyLabels(query), ...options.judging });
  const reported = new Map((options.resolution?.labels ?? []).map((label) => [label.id, label]));
  return query.labels.map((label, index) => {
    const id = `${query.id}#${index}`;
    const quote = label.target.kind === "quote" ? label.target.selector : null;
    const report = reported.get(id);
    const documentId = documentIds.get(label.document);
    const state: LabelState =
      report?.state ?? (documentId ? (quote ? "exact" : "document") : "missing-document");
    const span = quote ? (report ? report.to : { start: quote[1].start, end: quote[1].end }) : null;
    const usable = documentId !== undefined && state !== "orphaned" && state !== "missing-document";
    const countedGrade = counted[index] ?? null;
    return {
      id,
      number: index + 1,
      document: label.document,
      grade: label.grade,
      exact: quote ? quote[0].exact : null,
      state,
      countedGrade,
      scored:
        usable && countedGrade !== null && (quote === null || span !== null)
          ? { id, documentId, grade: countedGrade, span: quote ? span : null }
          : null,
    };
  });
}

/**
 * Each query's scored labels (keyed by query key), as `runQueryLabels` resolves and counts them;
 * labels evaluation left out (orphaned, of documents no longer in the corpus, or not counted by
 * the judgment policy) are dropped; the others carry the grade they were counted with.
 */
export function rebuildRunLabels(options: {
  snapshot: SetSnapshotLabels;
  resolution: RunResolution | null;
  documentIds: ReadonlyMap<string, string>;
}): Map<string, RunLabel[]> {
  const byQuery = new Map<string, RunLabel[]>();
  for (const query of options.snapshot.queries) {
    const judging = snapshotJudging(options.snapshot);
    const labels = runQueryLabels({ ...options, query, judging }).flatMap(
      ({ scored, countedGrade: _counted, ...label }) => (scored ? [{ ...label, ...scored }] : []),
    );
    byQuery.set(query.id, labels);
  }
  return byQuery;
}

/** The judgment settings a frozen set version was evaluated under. */
export function snapshotJudging(snapshot: SetSnapshotLabels): {
  policy: JudgmentPolicy;
  relevantThreshold: number;
  modelJudgments: ModelJudgmentsPolicy;
} {
  return {
    policy: snapshot.set.judgmentPolicy,
    relevantThreshold: snapshot.set.relevantThreshold,
    modelJudgments: snapshot.set.modelJudgments,
  };
}

/** A query's labels as the judgment policy reads them, quotes with their position on their version. */
function snapshotPolicyLabels(query: SnapshotQuery): PolicyLabel[] {
  return query.labels.map((label) => ({
    document: label.document,
    grade: label.grade,
    annotator: label.annotator,
    adjudicated: label.adjudicated,
    span:
      label.target.kind === "quote"
        ? { start: label.target.selector[1].start, end: label.target.selector[1].end }
        : null,
  }));
}

/** Every document external id the snapshot's labels name (to look their ids up once). */
export function snapshotDocumentIds(snapshot: SetSnapshotLabels): string[] {
  return [...new Set(snapshot.queries.flatMap((query) => query.labels.map((label) => label.document)))];
}

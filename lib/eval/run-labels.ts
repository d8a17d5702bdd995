import { z } from "zod";
import type { LabelState } from "@/lib/anchor/label-state";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import type { RunResolution } from "@/lib/eval/run-report-schema";

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
  }),
  queries: z.array(
    z.looseObject({
      id: z.string(),
      labels: z.array(
        z.looseObject({
          document: z.string(),
          grade: z.number(),
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
  /** What evaluation used; null when the label was left out (orphaned, or its document is gone). */
  scored: EvalLabel | null;
};

/** A label evaluation scored, with what people need to recognise it. */
export type RunLabel = EvalLabel & Omit<RunQueryLabel, "scored">;

type SnapshotQuery = SetSnapshotLabels["queries"][number];

/**
 * The labels of one query of a run's frozen set version, resolved as lib/runs/execute-run
 * resolved them: the resolution report lists every label that did not resolve exactly (with
 * where it landed, or no place when orphaned); every other quote label lies where its position
 * selector says. `documentIds` maps external ids to the corpus's document ids.
 */
export function runQueryLabels(options: {
  query: SnapshotQuery;
  resolution: RunResolution | null;
  documentIds: ReadonlyMap<string, string>;
}): RunQueryLabel[] {
  const { query, documentIds } = options;
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
    return {
      id,
      number: index + 1,
      document: label.document,
      grade: label.grade,
      exact: quote ? quote[0].exact : null,
      state,
      scored:
        usable && (quote === null || span !== null)
          ? { id, documentId, grade: label.grade, span: quote ? span : null }
          : null,
    };
  });
}

/**
 * Each query's scored labels (keyed by query key), as `runQueryLabels` resolves them; labels
 * evaluation left out (orphaned, or of documents no longer in the corpus) are dropped.
 */
export function rebuildRunLabels(options: {
  snapshot: SetSnapshotLabels;
  resolution: RunResolution | null;
  documentIds: ReadonlyMap<string, string>;
}): Map<string, RunLabel[]> {
  const byQuery = new Map<string, RunLabel[]>();
  for (const query of options.snapshot.queries) {
    const labels = runQueryLabels({ ...options, query }).flatMap(({ scored, ...label }) =>
      scored ? [{ ...label, ...scored }] : [],
    );
    byQuery.set(query.id, labels);
  }
  return byQuery;
}

/** Every document external id the snapshot's labels name (to look their ids up once). */
export function snapshotDocumentIds(snapshot: SetSnapshotLabels): string[] {
  return [...new Set(snapshot.queries.flatMap((query) => query.labels.map((label) => label.document)))];
}

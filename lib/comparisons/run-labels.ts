import { z } from "zod";
import type { LabelState } from "@/lib/anchor/label-state";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import type { RunResolution } from "@/lib/eval/run-report-schema";

/**
 * What a comparison reads from a frozen set version (GoldenSetVersion.snapshot, the exchange
 * format): the relevance threshold and each query's labels. Loose on purpose: the snapshot was
 * validated whole when it was frozen, and re-checking every cross reference on each page view
 * would cost more than the comparison.
 */
const snapshotSchema = z.looseObject({
  set: z.looseObject({ relevantThreshold: z.number() }),
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

/** A label as a run scored it: where it resolved, its grade and state, and its quote. */
export type RunLabel = EvalLabel & {
  /** Its position among the query's labels in the set version, from 1 ("L1"). */
  number: number;
  state: LabelState;
  exact: string | null;
  /** The document's external id, for people. */
  document: string;
};

/**
 * Each query's labels as the run scored them (keyed by query key), rebuilt from the set version
 * it evaluated and its stored resolution report, the way lib/runs/execute-run resolved them:
 * the report lists every label that did not resolve exactly (with where it landed, or no place
 * when orphaned); every other quote label lies where its position selector says. Orphaned
 * labels and labels of documents no longer in the corpus are left out: they were not scored.
 * `documentIds` maps external ids to the corpus's document ids.
 */
export function rebuildRunLabels(options: {
  snapshot: SetSnapshotLabels;
  resolution: RunResolution | null;
  documentIds: ReadonlyMap<string, string>;
}): Map<string, RunLabel[]> {
  const reported = new Map((options.resolution?.labels ?? []).map((label) => [label.id, label]));
  const byQuery = new Map<string, RunLabel[]>();
  for (const query of options.snapshot.queries) {
    const labels: RunLabel[] = [];
    query.labels.forEach((label, index) => {
      const id = `${query.id}#${index}`;
      const documentId = options.documentIds.get(label.document);
      const report = reported.get(id);
      const quote = label.target.kind === "quote" ? label.target.selector : null;
      const state: LabelState = report?.state ?? (quote ? "exact" : "document");
      if (!documentId || state === "orphaned" || state === "missing-document") return;
      const span = quote ? (report ? report.to : { start: quote[1].start, end: quote[1].end }) : null;
      if (quote && span === null) return;
      labels.push({
        id,
        number: index + 1,
        documentId,
        document: label.document,
        grade: label.grade,
        span,
        state,
        exact: quote ? quote[0].exact : null,
      });
    });
    byQuery.set(query.id, labels);
  }
  return byQuery;
}

/** Every document external id the snapshot's labels name (to look their ids up once). */
export function snapshotDocumentIds(snapshot: SetSnapshotLabels): string[] {
  return [...new Set(snapshot.queries.flatMap((query) => query.labels.map((label) => label.document)))];
}

import type { Db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import {
  loadDocumentsById,
  loadHoleRuns,
  loadSetQueries,
  resolveCurrentLabelsByQueryId,
} from "@/lib/db/holes";
import { runOrdinals } from "@/lib/db/run-ordinals";
import type { EvalLabel } from "@/lib/eval/label-metrics";
import { scoringModeSchema } from "@/lib/eval/run-report-schema";
import { type Hole, listHoles, type RunHoleSummary } from "@/lib/labeling/list-holes";
import { mergeHoles } from "@/lib/labeling/merge-holes";

/** Longest passage excerpt a hole list shows, in characters. */
const HOLE_EXCERPT_LENGTH = 240;

export type HoleRunView = RunHoleSummary & {
  name: string;
  /** The run's number in its set by creation, for its colour (components/runs/run-color.ts). */
  ordinal: number;
  mode: string;
  coverage: number;
  createdAt: Date;
};

export type HoleView = Hole & {
  query: { key: string; text: string; position: number };
  document: { externalId: string; title: string };
  /** The (snapped) passage in the document's current text, cut to HOLE_EXCERPT_LENGTH (`cutExcerpt`). */
  excerpt: string;
};

/**
 * The holes of a set (docs/domain.md, "Evaluation") at the set's pool depth k: the results in the
 * top k of its finished, non-archived runs — or of the one run `runId` — that no judgment covers,
 * with the set's labels as they are now (any person, any grade, adjudicated or not; never a
 * judge's), resolved against the current documents as a new evaluation would resolve them
 * (`resolveSetLabels`). Each run's own coverage rule and scoring mode decide what a label covers.
 * Per run: holes and judged@k now, averaged over the queries with a relevant judgment as the run's
 * stored judged@k is.
 * Holes are as an annotator meets them (`mergeHoles`): spans snapped to word and sentence edges in
 * the document's current text, the same text from several runs or chunkings one hole with every
 * run that retrieved it, and a run's hole count the merged holes it retrieved. Results point into
 * the text the run saw; a document edited since the run shows (and snaps in) its new text.
 */
export async function loadHoles(
  prisma: Db,
  options: { setId: string; runId?: string | undefined; details?: boolean },
): Promise<{ k: number; runs: HoleRunView[]; holes: HoleView[] }> {
  const { set, k, runs, results } = await loadHoleRuns(prisma, options);
  const queries = await loadSetQueries(prisma, set.id);
  const labelsByQuery = await currentRunLabels(prisma, { setId: set.id, corpusId: set.corpusId, queries });
  const listed = listHoles({
    runs: runs.map((run) => ({
      id: run.id,
      mode: scoringModeSchema.catch("label").parse(run.mode),
      coverage: run.coverage,
      results: results.filter((result) => result.runId === run.id),
    })),
    labelsByQuery,
    k,
    relevantThreshold: set.relevantThreshold,
    queryOrder: queries.map((query) => query.id),
  });
  const [documents, ordinals] = await Promise.all([
    loadDocumentsById(prisma, [...new Set(listed.holes.map((hole) => hole.documentId))]),
    runOrdinals(prisma, set.id),
  ]);
  const merged = mergeHoles({
    holes: listed.holes,
    textOf: (documentId) => documents.get(documentId)?.text,
    runs: listed.runs,
  });
  const runViews = merged.runs.map((summary, index): HoleRunView => {
    const run = runs[index]!;
    return {
      ...summary,
      name: `${run.config.name} v${run.config.version}`,
      ordinal: ordinals.get(run.id) ?? index + 1,
      mode: run.mode,
      coverage: run.coverage,
      createdAt: run.createdAt,
    };
  });
  if (options.details === false) return { k, runs: runViews, holes: merged.holes.map(withoutDetails) };
  const queryById = new Map(queries.map((query) => [query.id, query]));
  const holes = merged.holes.map((hole): HoleView => {
    const query = queryById.get(hole.queryId);
    const document = documents.get(hole.documentId);
    return {
      ...hole,
      query: { key: query?.key ?? "", text: query?.text ?? "", position: query?.position ?? 0 },
      document: {
        externalId: document?.externalId ?? "",
        title: document?.title || document?.externalId || "A deleted document",
      },
      excerpt: cutExcerpt((document?.text ?? "").slice(hole.start, hole.end)),
    };
  });
  return { k, runs: runViews, holes };
}

/**
 * A passage shortened to HOLE_EXCERPT_LENGTH for a list, at the last space before the limit (a
 * snapped span starts and ends on word edges; its excerpt should end on one too), with "…".
 */
function cutExcerpt(passage: string): string {
  if (passage.length <= HOLE_EXCERPT_LENGTH) return passage;
  const cut = passage.slice(0, HOLE_EXCERPT_LENGTH);
  const space = cut.search(/\s\S*$/u);
  return `${(space > HOLE_EXCERPT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function withoutDetails(hole: Hole): HoleView {
  return {
    ...hole,
    query: { key: "", text: "", position: 0 },
    document: { externalId: "", title: "" },
    excerpt: "",
  };
}

/** Every label of the set as it resolves and counts now (the scored labels), keyed by query id. */
async function currentRunLabels(
  prisma: Db,
  options: { setId: string; corpusId: string; queries: { id: string; key: string }[] },
): Promise<Map<string, EvalLabel[]>> {
  const file = await buildGoldenSetFile(prisma, options.setId);
  // holes are people's work: a judge's labels never close one, whatever the set's model setting
  return resolveCurrentLabelsByQueryId(prisma, {
    file: { ...file, set: { ...file.set, modelJudgments: "ignore" } },
    corpusId: options.corpusId,
    queries: options.queries,
  });
}

/** Holes per query id, for the queue (`QueueQuery.holes`). */
export function countHolesByQuery(holes: readonly Hole[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const hole of holes) counts.set(hole.queryId, (counts.get(hole.queryId) ?? 0) + 1);
  return counts;
}

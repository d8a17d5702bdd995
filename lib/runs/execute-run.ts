import { REPORTED_KS, type RetrievalConfig, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { describeRetriever } from "@/lib/configs/describe-config";
import { chunkHash } from "@/lib/corpora/content-hash";
import type { Db } from "@/lib/db/client";
import { loadCorpusDocuments } from "@/lib/db/current-documents";
import { RunResultColumns } from "@/lib/db/run-results";
import { markRunRunning, type RunQueryOutcome, saveRunOutcome } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import { computeConfidenceIntervals } from "@/lib/eval/confidence-intervals";
import { type EvalLabel, meanQueryMetrics, type RankedChunk } from "@/lib/eval/label-metrics";
import { countResolutions, resolveSetLabels } from "@/lib/eval/resolve-labels";
import { summarizeRunJudgments } from "@/lib/eval/run-judgments";
import { type ScoringMode, scoringModeSchema } from "@/lib/eval/run-report-schema";
import { meanContextMetrics, scoreRunQuery } from "@/lib/eval/score-run-query";
import { type GoldenSetFile, goldenSetFileSchema } from "@/lib/exchange/golden-set-schema";
import type { JobLease } from "@/lib/jobs/job-lease";
import { buildPassageRetriever, type PassageRetriever } from "@/lib/runs/build-passage-retriever";
import { type RunServices, runServicesFromEnvironment } from "@/lib/runs/run-services";

type Progress = (fraction: number, message: string) => Promise<void>;

/**
 * Evaluates one run: build the configuration's retriever (chunks indexed by BM25, dense or hybrid;
 * or passages from the team's own endpoint or an uploaded run file; a reranker on top), retrieve
 * for every query of the frozen set version, resolve its labels against the current documents,
 * score (docs/domain.md, "Evaluation"), and store results, per-query metrics (with how many results
 * each query returned), aggregates and the resolution report. Nothing is stored unless every step
 * succeeded, so a failing provider leaves earlier runs and the labels as they were. Given the job's
 * `lease`, the run's rows are written only while the job's worker holds it (JobLeaseLostError
 * otherwise).
 */
export async function executeRun(
  prisma: Db,
  options: { runId: string; progress: Progress; services?: RunServices | undefined; lease?: JobLease },
) {
  const startedAt = Date.now();
  const run = await prisma.run.findUnique({
    where: { id: options.runId },
    include: { config: true, goldenSetVersion: true, goldenSet: true },
  });
  if (!run) throw new AppError("not_found", `Run ${options.runId} no longer exists.`);
  await markRunRunning(prisma, { runId: run.id, lease: options.lease });
  const config = retrievalConfigSchema.parse(run.config.params);
  const file = goldenSetFileSchema.parse(run.goldenSetVersion.snapshot);

  await options.progress(0.02, "Loading documents");
  const documents = await loadCorpusDocuments(prisma, run.goldenSet.corpusId);
  const documentsByExternalId = new Map(documents.map((document) => [document.externalId, document]));

  const services = options.services ?? runServicesFromEnvironment(prisma);
  await options.progress(
    0.05,
    `Indexing ${documents.length} documents (${describeRetriever(config.retriever)})`,
  );
  const retriever = await buildPassageRetriever({
    retriever: config.retriever,
    chunking: config.chunking,
    reranker: config.reranker,
    ignoreIdenticalIds: config.ignoreIdenticalIds,
    documents,
    services: { ...services, onProgress: (message) => options.progress(0.1, message) },
  });

  await options.progress(0.15, "Resolving labels");
  const { resolutions, labelsByQuery } = resolveSetLabels({ file, documentsByExternalId });
  const queries = await queriesOfVersion(prisma, { setId: run.goldenSetId, file });
  await options.progress(0.18, `Preparing ${queries.length} queries`);
  await retriever.prepare(queries);

  const budgetChars = run.contextBudgetChars ?? file.set.contextBudgetChars;
  const { results, perQuery, split } = await retrieveAndScore({
    queries,
    retriever,
    config,
    documents,
    labelsByQuery,
    scoring: {
      mode: scoringModeSchema.parse(run.mode),
      coverage: run.coverage,
      relevantThreshold: file.set.relevantThreshold,
      budgetChars,
    },
    progress: options.progress,
  });

  await options.progress(0.92, "Saving results");
  const metrics = {
    ...aggregateRunMetrics({ perQuery, results, budgetChars }),
    chunks: retriever.chunkCount,
    ...retriever.notes(),
    judgments: summarizeRunJudgments({ file, labelsByQuery }),
  };
  const resolution = {
    counts: { ...countResolutions(resolutions), split: split.size },
    labels: resolutions
      .filter((item) => item.state !== "exact" || split.has(item.id))
      .map((item) => ({ ...item, split: split.has(item.id) })),
  };
  await saveRunOutcome(prisma, {
    runId: run.id,
    lease: options.lease,
    results,
    perQuery,
    metrics,
    resolution,
    durationMs: Date.now() - startedAt,
  });
  return { metrics, resolution: resolution.counts };
}

/** The frozen version's queries still in the set (a query removed since the version was frozen is left out). */
async function queriesOfVersion(prisma: Db, options: { setId: string; file: GoldenSetFile }) {
  const rows = await prisma.query.findMany({
    where: { goldenSetId: options.setId },
    select: { id: true, key: true },
  });
  const queryIds = new Map(rows.map((query) => [query.key, query.id]));
  return options.file.queries.flatMap((query) => {
    const queryId = queryIds.get(query.id);
    return queryId ? [{ queryId, key: query.id, text: query.text }] : [];
  });
}

/**
 * Retrieves for every query (topK, then the score threshold) and scores its ranking
 * (`scoreRunQuery`: label or document measures and the context-budget measures): the result rows,
 * each query's outcome and the quote labels found split.
 */
async function retrieveAndScore(options: {
  queries: { queryId: string; key: string; text: string }[];
  retriever: PassageRetriever;
  config: RetrievalConfig;
  documents: readonly { id: string; text: string }[];
  labelsByQuery: Map<string, EvalLabel[]>;
  scoring: { mode: ScoringMode; coverage: number; relevantThreshold: number; budgetChars: number };
  progress: Progress;
}) {
  const { queries, retriever, config, documents } = options;
  const lengths = new Map(documents.map((document) => [document.id, document.text.length]));
  const results = new RunResultColumns();
  const perQuery: RunQueryOutcome[] = [];
  const split = new Set<string>();
  const hashOf = chunkHashMemo(documents);
  for (const [position, query] of queries.entries()) {
    const { queryId } = query;
    const passages = (await retriever.search(query, config.topK)).filter(
      (passage) => config.scoreThreshold === null || passage.score >= config.scoreThreshold,
    );
    const ranking = rankingOf({ passages, documents });
    passages.forEach((passage, rank) => {
      const chunk = ranking[rank]!;
      results.push({ queryId, rank: rank + 1, ...chunk, chunkHash: hashOf(passage), score: passage.score });
    });
    const { metrics, context } = scoreRunQuery({
      ...options.scoring,
      labels: options.labelsByQuery.get(query.key) ?? [],
      ranking,
      ks: [...REPORTED_KS],
      documentChunks: retriever.documentChunks,
      documentLength: (documentId) => lengths.get(documentId) ?? 0,
    });
    for (const id of metrics?.splitLabelIds ?? []) split.add(id);
    perQuery.push({ queryId, metrics, returned: passages.length, context });
    if (position % 10 === 0) {
      await options.progress(
        0.2 + 0.7 * (position / queries.length),
        `Query ${position + 1} of ${queries.length}`,
      );
    }
  }
  return { results, perQuery, split };
}

/**
 * The sha256 of a passage's text, computed once per distinct span: a run returns the same chunks
 * for many queries (every document, in a whole-document run at top 1,000), and hashing each hit's
 * text again cost seconds.
 */
function chunkHashMemo(documents: readonly { text: string }[]) {
  const memo = new Map<string, string>();
  return (passage: { documentIndex: number; start: number; end: number }): string => {
    const key = `${passage.documentIndex}:${passage.start}:${passage.end}`;
    let hash = memo.get(key);
    if (hash === undefined) {
      hash = chunkHash(documents[passage.documentIndex]!.text.slice(passage.start, passage.end));
      memo.set(key, hash);
    }
    return hash;
  };
}

/** The retriever's passages as ranked chunks of the corpus's documents. */
function rankingOf(options: {
  passages: readonly { documentIndex: number; start: number; end: number }[];
  documents: readonly { id: string }[];
}): RankedChunk[] {
  return options.passages.map((passage) => {
    const document = options.documents[passage.documentIndex];
    if (!document) throw new Error(`The retriever returned an unknown document ${passage.documentIndex}`);
    return { documentId: document.id, start: passage.start, end: passage.end };
  });
}

/**
 * A run's aggregate metrics (Run.metrics, `runMetricsSchema`): means over the evaluated queries
 * with their bootstrap intervals, the context-budget means at `budgetChars` over the same
 * queries, mean results per query and mean characters per result.
 */
function aggregateRunMetrics(options: {
  perQuery: readonly RunQueryOutcome[];
  results: RunResultColumns;
  budgetChars: number;
}) {
  const { perQuery, budgetChars } = options;
  const ks = [...REPORTED_KS];
  const evaluated = perQuery.flatMap((row) => (row.metrics ? [row.metrics] : []));
  const context = perQuery.flatMap((row) => (row.metrics && row.context ? [row.context] : []));
  return {
    ...meanQueryMetrics({ perQuery: perQuery.map((row) => row.metrics), ks }),
    ks,
    queries: perQuery.length,
    meanReturned: perQuery.length
      ? perQuery.reduce((sum, row) => sum + row.returned, 0) / perQuery.length
      : 0,
    meanResultChars: options.results.meanChars(),
    context: { budgetChars, ...meanContextMetrics(context) },
    ci: computeConfidenceIntervals({ perQuery: evaluated, ks, context }),
  };
}

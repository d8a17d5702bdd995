import { describeRetriever, REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { chunkHash } from "@/lib/corpora/content-hash";
import type { Db } from "@/lib/db/client";
import { loadCorpusDocuments } from "@/lib/db/corpora";
import { markRunRunning, type RunQueryOutcome, type RunResultRow, saveRunOutcome } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import { computeConfidenceIntervals } from "@/lib/eval/confidence-intervals";
import { evaluateDocumentQuery } from "@/lib/eval/document-metrics";
import { evaluateQuery, meanQueryMetrics, type RankedChunk } from "@/lib/eval/label-metrics";
import { countResolutions, resolveSetLabels } from "@/lib/eval/resolve-labels";
import { scoringModeSchema } from "@/lib/eval/run-report-schema";
import { goldenSetFileSchema } from "@/lib/exchange/golden-set-schema";
import type { JobLease } from "@/lib/jobs/job-lease";
import { buildPassageRetriever } from "@/lib/runs/build-passage-retriever";
import { type RunServices, runServicesFromEnvironment } from "@/lib/runs/run-services";

type Progress = (fraction: number, message: string) => Promise<void>;

/**
 * Evaluates one run: build the configuration's retriever (chunks indexed by BM25, dense or hybrid;
 * or passages from the team's own endpoint or an uploaded run file; a reranker on top), retrieve
 * for every query of the frozen set version, resolve its labels against the current documents,
 * score (DESIGN.md §4), and store results, per-query metrics (with how many results each query
 * returned), aggregates and the resolution report. Nothing is stored unless every step succeeded,
 * so a failing provider leaves earlier runs and the labels as they were. Given the job's `lease`,
 * the run's rows are written only while the job's worker holds it (JobLeaseLostError otherwise).
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
  const mode = scoringModeSchema.parse(run.mode);
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
  const queryIds = new Map(
    (
      await prisma.query.findMany({
        where: { goldenSetId: run.goldenSetId },
        select: { id: true, key: true },
      })
    ).map((query) => [query.key, query.id]),
  );

  const queries = file.queries.flatMap((query) => {
    const queryId = queryIds.get(query.id);
    // a query removed from the set since the version was frozen is left out
    return queryId ? [{ queryId, key: query.id, text: query.text }] : [];
  });
  await options.progress(0.18, `Preparing ${queries.length} queries`);
  await retriever.prepare(queries);

  const results: RunResultRow[] = [];
  const perQuery: RunQueryOutcome[] = [];
  const split = new Set<string>();
  for (const [position, query] of queries.entries()) {
    const { queryId } = query;
    const passages = (await retriever.search(query, config.topK)).filter(
      (passage) => config.scoreThreshold === null || passage.score >= config.scoreThreshold,
    );
    const ranking: RankedChunk[] = passages.map((passage) => {
      const document = documents[passage.documentIndex];
      if (!document) throw new Error(`The retriever returned an unknown document ${passage.documentIndex}`);
      return { documentId: document.id, start: passage.start, end: passage.end };
    });
    passages.forEach((passage, rank) => {
      const chunk = ranking[rank]!;
      const text = documents[passage.documentIndex]!.text.slice(passage.start, passage.end);
      results.push({ queryId, rank: rank + 1, ...chunk, chunkHash: chunkHash(text), score: passage.score });
    });
    const labels = labelsByQuery.get(query.key) ?? [];
    const metrics =
      mode === "document"
        ? evaluateDocumentQuery({
            labels: labels.map((label) => ({ documentId: label.documentId, grade: label.grade })),
            ranking,
            ks: [...REPORTED_KS],
            relevantThreshold: file.set.relevantThreshold,
          })
        : evaluateQuery({
            labels,
            ranking,
            ks: [...REPORTED_KS],
            coverage: run.coverage,
            relevantThreshold: file.set.relevantThreshold,
            documentChunks: retriever.documentChunks,
          });
    for (const id of metrics?.splitLabelIds ?? []) split.add(id);
    perQuery.push({ queryId, metrics, returned: passages.length });
    if (position % 10 === 0) {
      await options.progress(
        0.2 + 0.7 * (position / queries.length),
        `Query ${position + 1} of ${queries.length}`,
      );
    }
  }

  await options.progress(0.92, "Saving results");
  const means = meanQueryMetrics({ perQuery: perQuery.map((row) => row.metrics), ks: [...REPORTED_KS] });
  const counts = countResolutions(resolutions);
  const evaluated = perQuery.flatMap((row) => (row.metrics ? [row.metrics] : []));
  const metrics = {
    ...means,
    ks: [...REPORTED_KS],
    queries: perQuery.length,
    chunks: retriever.chunkCount,
    ...retriever.notes(),
    meanReturned: perQuery.length
      ? perQuery.reduce((sum, row) => sum + row.returned, 0) / perQuery.length
      : 0,
    ci: computeConfidenceIntervals({ perQuery: evaluated, ks: [...REPORTED_KS] }),
  };
  const resolution = {
    counts: { ...counts, split: split.size },
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

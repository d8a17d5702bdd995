import { describeRetriever, REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import type { Db } from "@/lib/db/client";
import { loadCorpusDocuments } from "@/lib/db/corpora";
import { type RunQueryOutcome, type RunResultRow, saveRunOutcome } from "@/lib/db/runs";
import { AppError } from "@/lib/errors";
import { evaluateDocumentQuery } from "@/lib/eval/document-metrics";
import {
  evaluateQuery,
  meanQueryMetrics,
  type QueryMetrics,
  type RankedChunk,
} from "@/lib/eval/label-metrics";
import { goldenSetFileSchema } from "@/lib/exchange/golden-set-schema";
import { buildRetriever } from "@/lib/runs/build-retriever";
import { chunkCorpus } from "@/lib/runs/chunk-corpus";
import { chunkHash } from "@/lib/runs/chunk-hash";
import { computeConfidenceIntervals } from "@/lib/runs/confidence-intervals";
import { countResolutions, resolveSetLabels } from "@/lib/runs/resolve-labels";
import { scoringModeSchema } from "@/lib/runs/run-report-schema";

type Progress = (fraction: number, message: string) => Promise<void>;

/**
 * Evaluates one run: chunk the corpus as configured, build the configured retriever (BM25, dense
 * LSA or hybrid), retrieve for every query of the frozen set version, resolve its labels against
 * the current documents, score (DESIGN.md §4), and store results, per-query metrics (with how many
 * results each query returned), aggregates and the resolution report.
 */
export async function executeRun(prisma: Db, options: { runId: string; progress: Progress }) {
  const startedAt = Date.now();
  const run = await prisma.run.findUnique({
    where: { id: options.runId },
    include: { config: true, goldenSetVersion: true, goldenSet: true },
  });
  if (!run) throw new AppError("not_found", `Run ${options.runId} no longer exists.`);
  await prisma.run.update({ where: { id: run.id }, data: { status: "running" } });
  const config = retrievalConfigSchema.parse(run.config.params);
  const mode = scoringModeSchema.parse(run.mode);
  const file = goldenSetFileSchema.parse(run.goldenSetVersion.snapshot);

  await options.progress(0.02, "Loading documents");
  const documents = await loadCorpusDocuments(prisma, run.goldenSet.corpusId);
  const documentsByExternalId = new Map(documents.map((document) => [document.externalId, document]));

  await options.progress(0.05, `Chunking ${documents.length} documents`);
  const { chunks, texts } = chunkCorpus({ documents, chunking: config.chunking });
  const documentChunks = new Map<string, { start: number; end: number }[]>();
  for (const chunk of chunks) {
    const id = documents[chunk.documentIndex]?.id ?? "";
    const list = documentChunks.get(id) ?? [];
    list.push({ start: chunk.start, end: chunk.end });
    documentChunks.set(id, list);
  }

  await options.progress(0.1, `Indexing ${chunks.length} chunks (${describeRetriever(config.retriever)})`);
  const retriever = buildRetriever({ retriever: config.retriever, texts });

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

  const results: RunResultRow[] = [];
  const perQuery: RunQueryOutcome[] = [];
  const split = new Set<string>();
  for (const [position, query] of file.queries.entries()) {
    const queryId = queryIds.get(query.id);
    if (!queryId) continue; // removed from the set since the version was frozen
    const hits = retriever
      .search(query.text, config.topK)
      .filter((hit) => config.scoreThreshold === null || hit.score >= config.scoreThreshold);
    const ranking: RankedChunk[] = hits.map((hit) => {
      const chunk = chunks[hit.index];
      const document = chunk ? documents[chunk.documentIndex] : undefined;
      if (!chunk || !document) throw new Error(`The retriever returned an unknown chunk ${hit.index}`);
      return { documentId: document.id, start: chunk.start, end: chunk.end };
    });
    hits.forEach((hit, rank) => {
      const chunk = ranking[rank]!;
      results.push({
        queryId,
        rank: rank + 1,
        ...chunk,
        chunkHash: chunkHash(texts[hit.index] ?? ""),
        score: hit.score,
      });
    });
    const labels = labelsByQuery.get(query.id) ?? [];
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
            documentChunks,
          });
    for (const id of metrics?.splitLabelIds ?? []) split.add(id);
    perQuery.push({ queryId, metrics, returned: hits.length });
    if (position % 10 === 0) {
      await options.progress(
        0.15 + 0.75 * (position / file.queries.length),
        `Query ${position + 1} of ${file.queries.length}`,
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
    chunks: chunks.length,
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
    results,
    perQuery,
    metrics,
    resolution,
    durationMs: Date.now() - startedAt,
  });
  return { metrics, resolution: resolution.counts };
}

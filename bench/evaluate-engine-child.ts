import { readFileSync } from "node:fs";
import { createCliRunServices } from "@/lib/cli/create-cli-run-services";
import { REPORTED_KS, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { computeConfidenceIntervals } from "@/lib/eval/confidence-intervals";
import type { EvalLabel, QueryMetrics } from "@/lib/eval/label-metrics";
import { meanQueryMetrics } from "@/lib/eval/mean-query-metrics";
import type { ScoringMode } from "@/lib/eval/run-report-schema";
import { scoreRunQuery } from "@/lib/eval/score-run-query";
import { openBeirFolder } from "@/lib/exchange/read-beir";
import { buildPassageRetriever } from "@/lib/runs/build-passage-retriever";

// The engine alone, for bench/evaluate.ts: what a run computes, without the database. Reads a
// BEIR folder (documents, the split's judged queries, qrels as document labels), cuts and indexes
// the documents as the saved configuration says (buildPassageRetriever), retrieves topK for every
// query and scores each ranking (scoreRunQuery, context budget included), then the means and
// their bootstrap intervals. Prints a summary line with this process's peak RSS on stderr.
// usage: evaluate-engine-child.ts BEIR_DIR CONFIG.json MODE BUDGET_CHARS
const [beirDir = "", configPath = "", mode = "label", budget = "2000"] = process.argv.slice(2);

async function main(): Promise<void> {
  const saved = JSON.parse(readFileSync(configPath, "utf8")) as Record<string, unknown>;
  const config = retrievalConfigSchema.parse({ ...saved, name: undefined });
  const source = await openBeirFolder(beirDir);
  const documents: { id: string; externalId: string; title: string; text: string }[] = [];
  for await (const document of source.documents())
    documents.push({
      id: document.externalId,
      externalId: document.externalId,
      title: document.title,
      text: document.text,
    });
  const labels = new Map<string, EvalLabel[]>();
  for await (const qrel of source.qrels("test")) {
    const list = labels.get(qrel.queryId) ?? [];
    list.push({
      id: `${qrel.queryId}#${list.length}`,
      documentId: qrel.documentId,
      grade: qrel.grade,
      span: null,
    });
    labels.set(qrel.queryId, list);
  }
  const queries: { key: string; text: string }[] = [];
  for await (const query of source.queries())
    if (labels.has(query.id)) queries.push({ key: query.id, text: query.text });

  const retriever = await buildPassageRetriever({
    retriever: config.retriever,
    chunking: config.chunking,
    reranker: null,
    documents,
    services: { ...createCliRunServices(), onProgress: undefined },
  });
  await retriever.prepare(queries);
  const lengths = new Map(documents.map((document) => [document.id, document.text.length]));
  const ks = [...REPORTED_KS];
  const perQuery: (QueryMetrics | null)[] = [];
  let results = 0;
  for (const query of queries) {
    const passages = await retriever.search(query, config.topK);
    results += passages.length;
    const ranking = passages.map((passage) => ({
      documentId: documents[passage.documentIndex]!.id,
      start: passage.start,
      end: passage.end,
    }));
    const { metrics } = scoreRunQuery({
      mode: mode as ScoringMode,
      labels: labels.get(query.key) ?? [],
      ranking,
      ks,
      coverage: 1,
      relevantThreshold: 1,
      documentChunks: retriever.documentChunks,
      budgetChars: Number(budget),
      documentLength: (documentId) => lengths.get(documentId) ?? 0,
    });
    perQuery.push(metrics);
  }
  const means = meanQueryMetrics({ perQuery, ks });
  computeConfidenceIntervals({ perQuery: perQuery.flatMap((metrics) => (metrics ? [metrics] : [])), ks });
  process.stderr.write(
    `${JSON.stringify({ queries: queries.length, results, ndcg10: means.ndcg["10"], maxRssKb: process.resourceUsage().maxRSS })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

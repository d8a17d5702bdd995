import type { ChunkingOptions } from "@/lib/chunking/chunk-document";
import { chunkQrels } from "@/lib/chunking/chunk-qrels";
import type { DbOrTransaction } from "@/lib/db/client";
import { loadCurrentDocuments, pageCorpusDocuments } from "@/lib/db/current-documents";
import { loadExternalIds } from "@/lib/db/document-ids";
import { policyLabelSelect, setJudging, toPolicyLabel } from "@/lib/db/policy-labels";
import { AppError } from "@/lib/errors";
import { countedGrades } from "@/lib/eval/count-judgments";
import type { ModelJudgmentsPolicy } from "@/lib/exchange/golden-set-schema";
import type { QrelJudgments } from "@/lib/exchange/qrel-judgments";
import { runPassagesToTrec } from "@/lib/exchange/run-passages-to-trec";
import { runToTrec } from "@/lib/exchange/run-to-trec";
import type { RunTrecLevel } from "@/lib/exchange/run-trec-level";
import type { TrecQrelEntry } from "@/lib/exchange/trec-format";

/**
 * The set's document-level qrels: per query (its key) and judged document (its external id), the
 * highest grade its labels count with under the set's judgment policy (lib/eval/count-judgments:
 * adjudicated labels first, then the policy's cap) — grade 0 pairs included, as judged. Labels
 * that do not count (an annotator's label where an adjudicated one exists) are left out; queries
 * without labels have no lines. Sorted by query key, then docid (code-unit order).
 *
 * `judgments` says whose labels, whatever the set's model-judgments setting: `human` (the
 * default) people's only — the file is byte for byte what it was before any judge labeled;
 * `human+model` people's plus a judge's where no person judged the passage (as fill_holes counts
 * them); `model` the judges' only.
 */
export async function loadSetQrels(
  prisma: DbOrTransaction,
  setId: string,
  options: { judgments?: QrelJudgments } = {},
): Promise<TrecQrelEntry[]> {
  const entries: TrecQrelEntry[] = [];
  for (const query of await loadCountedLabels(prisma, setId, options.judgments ?? "human")) {
    const best = new Map<string, number>();
    for (const label of query.labels) {
      const known = best.get(label.docId);
      if (known === undefined || label.grade > known) best.set(label.docId, label.grade);
    }
    for (const [docId, grade] of best) entries.push({ queryId: query.key, docId, grade });
  }
  return entries.sort((a, b) => compare(a.queryId, b.queryId) || compare(a.docId, b.docId));
}

/**
 * The set's chunk-level qrels for a chunking (lib/chunking/chunk-qrels.ts): docids `docid#start-end`
 * of the documents' current texts, graded by the labels each chunk satisfies under `coverage`
 * (grades as the judgment policy counts them). Quote labels made on an older version of their
 * document (waiting for repair) are left out and counted in `skipped`. `judgments` as loadSetQrels.
 */
export async function loadSetChunkQrels(
  prisma: DbOrTransaction,
  options: { setId: string; chunking: ChunkingOptions; coverage: number; judgments?: QrelJudgments },
): Promise<{ entries: TrecQrelEntry[]; skipped: number }> {
  const queries = await loadCountedLabels(prisma, options.setId, options.judgments ?? "human");
  let skipped = 0;
  const current = queries.map((query) => ({
    key: query.key,
    labels: query.labels.filter((label) => {
      const stale = label.span !== null && label.version !== label.currentVersion;
      if (stale) skipped++;
      return !stale;
    }),
  }));
  const documentIds = [...new Set(current.flatMap((query) => query.labels.map((label) => label.documentId)))];
  const documents = await loadCurrentDocuments(prisma, { ids: documentIds });
  const texts = new Map(documents.map((document) => [document.externalId, document.text]));
  return {
    entries: chunkQrels({ queries: current, texts, chunking: options.chunking, coverage: options.coverage }),
    skipped,
  };
}

/** Which labels each choice of qrels takes, as a model-judgments setting (count-judgments). */
const modelJudgmentsFor: Record<QrelJudgments, ModelJudgmentsPolicy> = {
  human: "ignore",
  "human+model": "fill_holes",
  model: "model_only",
};

/** Each query's labels that count, with the grade they count with under the set's judgment policy. */
async function loadCountedLabels(prisma: DbOrTransaction, setId: string, judgments: QrelJudgments) {
  const set = await prisma.goldenSet.findUnique({ where: { id: setId } });
  if (!set) throw new AppError("not_found", "No such golden set.");
  // the set's own model-judgments setting gives way to the one the export asks for
  const { policy, relevantThreshold } = setJudging(set);
  const modelJudgments = modelJudgmentsFor[judgments];
  const queries = await prisma.query.findMany({
    where: { goldenSetId: setId },
    select: {
      key: true,
      labels: {
        select: {
          ...policyLabelSelect,
          documentVersion: true,
          document: { select: { externalId: true, version: true } },
        },
      },
    },
  });
  return queries.map((query) => {
    const labels = query.labels.map(toPolicyLabel);
    const counted = countedGrades({ labels, policy, relevantThreshold, modelJudgments });
    return {
      key: query.key,
      labels: query.labels.flatMap((label, index) => {
        const grade = counted[index];
        if (grade === null || grade === undefined) return [];
        return [
          {
            docId: label.document.externalId,
            documentId: label.documentId,
            grade,
            span: labels[index]?.span ?? null,
            version: label.documentVersion,
            currentVersion: label.document.version,
          },
        ];
      }),
    };
  });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The set's queries as BEIR queries.jsonl lines (`{"_id": key, "text"}`), in the set's order. */
export async function loadBeirQueryLines(prisma: DbOrTransaction, setId: string): Promise<string[]> {
  const queries = await prisma.query.findMany({
    where: { goldenSetId: setId },
    orderBy: { position: "asc" },
    select: { key: true, text: true },
  });
  return queries.map((query) => JSON.stringify({ _id: query.key, text: query.text }));
}

/**
 * The set's corpus as BEIR corpus.jsonl lines (`{"_id", "title", "text"}`, current versions),
 * a page of documents at a time so that a large corpus is never held whole.
 */
export async function* loadBeirCorpusLines(prisma: DbOrTransaction, setId: string): AsyncGenerator<string> {
  const set = await prisma.goldenSet.findUnique({ where: { id: setId }, select: { corpusId: true } });
  if (!set) throw new AppError("not_found", "No such golden set.");
  for await (const documents of pageCorpusDocuments(prisma, set.corpusId))
    for (const document of documents)
      yield JSON.stringify({ _id: document.externalId, title: document.title, text: document.text });
}

/**
 * A run as a TREC run file, tagged with the configuration's name: document level
 * (lib/exchange/run-to-trec.ts: each document at its first rank) or passage level
 * (lib/exchange/run-passages-to-trec.ts: every result as `docid#start-end` at its rank) — query
 * keys and document external ids. For the CLI, the run page and the REST API.
 */
export async function loadRunTrec(
  prisma: DbOrTransaction,
  runId: string,
  level: RunTrecLevel = "document",
): Promise<{ text: string; fileName: string; setId: string }> {
  const run = await prisma.run.findUnique({
    where: { id: runId },
    select: { id: true, status: true, goldenSetId: true, config: { select: { name: true } } },
  });
  if (!run) throw new AppError("not_found", `No run with id "${runId}".`);
  if (run.status !== "succeeded")
    throw new AppError("conflict", `Run ${runId} has no results to export (it is ${run.status}).`);
  const results = await prisma.runResult.findMany({
    where: { runId },
    orderBy: [{ queryId: "asc" }, { rank: "asc" }],
    select: {
      rank: true,
      documentId: true,
      start: true,
      end: true,
      query: { select: { key: true, position: true } },
    },
  });
  const documentIds = [...new Set(results.map((result) => result.documentId))];
  const externalIds = await loadExternalIds(prisma, documentIds);
  const rows = results
    .sort((a, b) => a.query.position - b.query.position || a.rank - b.rank)
    .map((result) => ({
      queryKey: result.query.key,
      docId: externalIds.get(result.documentId) ?? result.documentId,
      rank: result.rank,
      start: result.start,
      end: result.end,
    }));
  const tag = run.config.name;
  return level === "passage"
    ? {
        text: runPassagesToTrec({ results: rows, tag }),
        fileName: `run-${run.id}.passages.trec`,
        setId: run.goldenSetId,
      }
    : { text: runToTrec({ results: rows, tag }), fileName: `run-${run.id}.trec`, setId: run.goldenSetId };
}

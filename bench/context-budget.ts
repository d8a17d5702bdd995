import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chunkDocument } from "@/lib/chunking/chunk-document";
import { REPORTED_KS } from "@/lib/configs/config-schema";
import { computeConfidenceIntervals } from "@/lib/eval/confidence-intervals";
import type { ContextMetrics } from "@/lib/eval/context-budget";
import type { EvalLabel, QueryMetrics, RankedChunk } from "@/lib/eval/label-metrics";
import { scoreRunQuery } from "@/lib/eval/score-run-query";
import { createSeededRandom, randomIndex } from "@/lib/eval/statistics/seeded-random";
import { openBeirFolder } from "@/lib/exchange/read-beir";
import { Bm25Index } from "@/lib/retrieval/bm25-index";

/**
 * Issue 20's target: computing the context-budget measures adds at most 10% to evaluating a
 * 300-query run. The run: SciFact's 300 test claims (../shared/data/scifact; a generated
 * collection of the same shape when absent) over 400-character chunks, BM25 top 100. Each
 * relevant document of the qrels gets a quote label of 50–300 characters at a seeded place, so
 * the label-mode scoring resolves real spans. Timed: the per-query scoring the app's run executes
 * (`scoreRunQuery`, as lib/runs/execute-run.ts calls it: label measures at k = 1, 3, 5, 10, 20,
 * judged@k and split labels against each document's chunking) with no budget, and with the
 * budget of 2,000 characters — interleaved, in one process, the order alternating; the ratio of
 * the medians and of the fastest repetitions. Retrieval, chunking and I/O happen once, before the clock. Also timed, as a second
 * figure: the run's bootstrap intervals with and without the three context series.
 */
const SCIFACT_DIR = join(process.cwd(), "..", "shared", "data", "scifact");
const CHUNK_SIZE = 400;
const TOP_K = 100;
const BUDGET_CHARS = 2_000;

type Collection = {
  source: string;
  documents: { id: string; text: string }[];
  queries: { id: string; text: string; relevant: string[] }[];
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      repetitions: { type: "string", default: "21" },
      inner: { type: "string", default: "5" },
      generated: { type: "boolean", default: false },
    },
  });
  const collection =
    !values.generated && existsSync(join(SCIFACT_DIR, "corpus.jsonl"))
      ? await loadScifact()
      : generateCollection();
  const run = prepareRun(collection);
  const repetitions = Number(values.repetitions);
  const inner = Number(values.inner);
  process.stdout.write(
    `${collection.source}: ${run.queries.length} queries, ${collection.documents.length.toLocaleString("en")} documents, ` +
      `${run.chunks.toLocaleString("en")} chunks of ${CHUNK_SIZE} characters, top ${TOP_K}, ` +
      `${run.labels.toLocaleString("en")} quote labels; ${repetitions} repetitions × ${inner} passes\n`,
  );

  const scoring = interleave(repetitions, {
    without: () => scoreAll(run, null, inner),
    with: () => scoreAll(run, BUDGET_CHARS, inner),
  });
  report("per-query scoring (scoreRunQuery)", scoring);
  const paired = interleaveByQuery(run, repetitions);
  process.stdout.write(
    `per-query scoring, both variants timed on each query in turn: median ratio ${paired.median.toFixed(3)} ` +
      `(lowest ${paired.lowest.toFixed(3)}, highest ${paired.highest.toFixed(3)} over ${repetitions} repetitions; ` +
      `target ≤ 1.10: ${paired.median <= 1.1 ? "met" : "NOT met"})\n`,
  );

  const { perQuery, context } = scoreOnce(run);
  const intervals = interleave(Math.max(5, Math.floor(repetitions / 3)), {
    without: () => void computeConfidenceIntervals({ perQuery, ks: [...REPORTED_KS] }),
    with: () => void computeConfidenceIntervals({ perQuery, ks: [...REPORTED_KS], context }),
  });
  report("bootstrap intervals (computeConfidenceIntervals)", intervals);
}

type PreparedRun = {
  queries: { ranking: RankedChunk[]; labels: EvalLabel[] }[];
  documentChunks: Map<string, { start: number; end: number }[]>;
  lengths: Map<string, number>;
  chunks: number;
  labels: number;
};

/** Chunks, indexes and retrieves once; gives every relevant document a seeded quote label. */
function prepareRun(collection: Collection): PreparedRun {
  const chunks: RankedChunk[] = [];
  const texts: string[] = [];
  const documentChunks = new Map<string, { start: number; end: number }[]>();
  for (const document of collection.documents) {
    const spans = chunkDocument({
      text: document.text,
      chunking: { strategy: "fixed-characters", size: CHUNK_SIZE, overlap: 0 },
    });
    documentChunks.set(document.id, spans);
    for (const span of spans) {
      chunks.push({ documentId: document.id, ...span });
      texts.push(document.text.slice(span.start, span.end));
    }
  }
  const index = Bm25Index.build({ texts });
  const lengths = new Map(collection.documents.map((document) => [document.id, document.text.length]));
  const random = createSeededRandom(20);
  let labels = 0;
  const queries = collection.queries.map((query) => {
    const ranking = index.search(query.text, TOP_K).map((hit) => chunks[hit.index] as RankedChunk);
    const queryLabels = query.relevant.flatMap((documentId, number): EvalLabel[] => {
      const length = lengths.get(documentId) ?? 0;
      if (length === 0) return [];
      const size = Math.min(length, 50 + randomIndex(random, 251));
      const start = randomIndex(random, length - size + 1);
      return [{ id: `${query.id}#${number}`, documentId, grade: 1, span: { start, end: start + size } }];
    });
    labels += queryLabels.length;
    return { ranking, labels: queryLabels };
  });
  return { queries, documentChunks, lengths, chunks: chunks.length, labels };
}

function scoreQuery(run: PreparedRun, query: PreparedRun["queries"][number], budgetChars: number | null) {
  return scoreRunQuery({
    mode: "label",
    labels: query.labels,
    ranking: query.ranking,
    ks: [...REPORTED_KS],
    coverage: 1,
    relevantThreshold: 1,
    documentChunks: run.documentChunks,
    budgetChars,
    documentLength: (documentId) => run.lengths.get(documentId) ?? 0,
  });
}

let sink = 0;
function scoreAll(run: PreparedRun, budgetChars: number | null, passes: number): void {
  for (let pass = 0; pass < passes; pass++)
    for (const query of run.queries) {
      const { metrics, context } = scoreQuery(run, query, budgetChars);
      sink += (metrics?.reciprocalRank ?? 0) + (context?.recall ?? 0);
    }
}

function scoreOnce(run: PreparedRun): { perQuery: QueryMetrics[]; context: ContextMetrics[] } {
  const perQuery: QueryMetrics[] = [];
  const context: ContextMetrics[] = [];
  for (const query of run.queries) {
    const scored = scoreQuery(run, query, BUDGET_CHARS);
    if (scored.metrics) perQuery.push(scored.metrics);
    if (scored.metrics && scored.context) context.push(scored.context);
  }
  return { perQuery, context };
}

/**
 * The finest interleaving: every query scored without and with the budget measures back to back
 * (the order alternating), each call timed, so both see the same load; per repetition the ratio
 * of the two sums over the run's queries.
 */
function interleaveByQuery(run: PreparedRun, repetitions: number) {
  const ratios: number[] = [];
  for (let round = -2; round < repetitions; round++) {
    let without = 0;
    let withBudget = 0;
    for (const [position, query] of run.queries.entries()) {
      const budgetFirst = (position + round) % 2 === 0;
      for (const budgetChars of budgetFirst ? [BUDGET_CHARS, null] : [null, BUDGET_CHARS]) {
        const started = performance.now();
        const { metrics, context } = scoreQuery(run, query, budgetChars);
        const elapsed = performance.now() - started;
        sink += (metrics?.reciprocalRank ?? 0) + (context?.recall ?? 0);
        if (budgetChars === null) without += elapsed;
        else withBudget += elapsed;
      }
    }
    if (round >= 0) ratios.push(withBudget / without);
  }
  return { median: median(ratios), lowest: Math.min(...ratios), highest: Math.max(...ratios) };
}

/** Times both variants `repetitions` times, alternating which goes first; after two warm-up rounds. */
function interleave(repetitions: number, variants: { without: () => void; with: () => void }) {
  const times = { without: [] as number[], with: [] as number[] };
  for (let round = -2; round < repetitions; round++) {
    const order = round % 2 === 0 ? (["without", "with"] as const) : (["with", "without"] as const);
    for (const name of order) {
      const started = performance.now();
      variants[name]();
      if (round >= 0) times[name].push(performance.now() - started);
    }
  }
  return {
    without: median(times.without),
    with: median(times.with),
    fastestWithout: Math.min(...times.without),
    fastestWith: Math.min(...times.with),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Medians, and the fastest of each (the least disturbed by other work on a shared machine). */
function report(what: string, times: ReturnType<typeof interleave>): void {
  const ratio = times.with / times.without;
  const fastest = times.fastestWith / times.fastestWithout;
  process.stdout.write(
    `${what}: median without ${times.without.toFixed(1)} ms, with the budget measures ${times.with.toFixed(1)} ms, ` +
      `ratio ${ratio.toFixed(3)}; fastest ${times.fastestWithout.toFixed(1)} / ${times.fastestWith.toFixed(1)} ms, ` +
      `ratio ${fastest.toFixed(3)} (target ≤ 1.10: ${Math.max(ratio, fastest) <= 1.1 ? "met" : "NOT met"})\n`,
  );
}

async function loadScifact(): Promise<Collection> {
  const source = await openBeirFolder(SCIFACT_DIR);
  const documents: Collection["documents"] = [];
  for await (const document of source.documents())
    documents.push({ id: document.externalId, text: document.text });
  const relevant = new Map<string, string[]>();
  for await (const qrel of source.qrels("test"))
    if (qrel.grade > 0) relevant.set(qrel.queryId, [...(relevant.get(qrel.queryId) ?? []), qrel.documentId]);
  const queries: Collection["queries"] = [];
  for await (const query of source.queries()) {
    const documentIds = relevant.get(query.id);
    if (documentIds) queries.push({ id: query.id, text: query.text, relevant: documentIds });
  }
  return { source: "SciFact (../shared/data/scifact, test split)", documents, queries };
}

/** SciFact's shape without the data: 5,000 documents of ~1,500 characters, 300 queries, 1–3 relevant each. */
function generateCollection(): Collection {
  const random = createSeededRandom(7);
  const vocabulary = Array.from({ length: 5_000 }, (_, index) => `w${index.toString(36)}`);
  const word = () => vocabulary[Math.floor(random() ** 2 * vocabulary.length)] ?? "w0";
  const documents = Array.from({ length: 5_000 }, (_, index) => ({
    id: `d${index}`,
    text: Array.from({ length: 200 + randomIndex(random, 150) }, word).join(" "),
  }));
  const queries = Array.from({ length: 300 }, (_, index) => {
    const relevant = Array.from(
      { length: 1 + randomIndex(random, 3) },
      () => `d${randomIndex(random, 5_000)}`,
    );
    const source = documents[Number(relevant[0]?.slice(1))]?.text.split(" ") ?? [];
    const start = randomIndex(random, Math.max(1, source.length - 8));
    return { id: `q${index}`, text: source.slice(start, start + 8).join(" "), relevant };
  });
  return { source: "generated collection (SciFact absent)", documents, queries };
}

main()
  .then(() => {
    if (Number.isNaN(sink)) process.stdout.write("\n");
  })
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { importJudgments } from "@/lib/curation/judgment-imports";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import {
  loadBeirCorpusLines,
  loadBeirQueryLines,
  loadRunTrec,
  loadSetChunkQrels,
  loadSetQrels,
} from "@/lib/db/judgment-exports";
import { listSetLabelEvents } from "@/lib/db/label-events";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { parseRunMetrics } from "@/lib/eval/run-report-schema";
import { evaluateTrecEntries } from "@/lib/eval/trec/evaluate-trec-entries";
import { parseJudgmentFiles } from "@/lib/exchange/parse-judgment-files";
import { formatQrels } from "@/lib/exchange/trec-format";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs } from "@/lib/worker/worker";

// Judgment import and export on a real SQLite file; the run is created and executed for real.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
const importer = { id: "qrels-engineer", email: "e@example.com" };

const texts: Record<string, string> = {
  "kb-1": "Resetting the router. Hold the reset button for ten seconds until the power light blinks.",
  "kb-2": "Replacing a drive. Pull the tray by its handle and slide the new drive in until it clicks.",
  "kb-3": "Printer shows offline. Remove the printer and add it again from the settings page.",
  "kb-4": "Printer paper jam. Open the front cover of the printer and pull the jammed paper out.",
  "kb-5": "Printer driver. Download the printer driver for your computer from the support site.",
  "kb-6": "Router firmware. Update the router firmware from the admin page of the router.",
};
const topics = "t1\thow do I reset my router\nt2\tprinter is offline\nt3\treplace a drive\nt9\tunjudged\n";
const qrels = [
  "t1 0 kb-1 2",
  "t1 0 kb-6 1",
  "t1 0 kb-2 0",
  "t2 0 kb-3 2",
  "t2 0 kb-4 1",
  "t2 0 kb-5 0",
  "t3 0 kb-2 3",
].join("\n");
/** The error a promise is rejected with; a promise that resolves fails the test. */
function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error("expected the import to be refused");
    },
    (error: unknown) => error as Error,
  );
}
const sorted = (text: string) => text.trim().split("\n").sort().join("\n");

async function* documents() {
  for (const [externalId, text] of Object.entries(texts))
    yield { externalId, title: `Title of ${externalId}`, text, metadata: null };
}

function trec(setName: string, qrelsText = qrels, topicsText = topics) {
  const parsed = parseJudgmentFiles({
    format: "trec",
    judgments: { name: "qrels.txt", text: qrelsText },
    queries: { name: "topics.tsv", text: topicsText },
  });
  return importJudgments(prisma, { ...parsed, setName, corpusName: "tiny", importedBy: importer });
}

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  await prisma.user.create({
    data: { id: importer.id, name: "Engineer", email: importer.email, role: "engineer" },
  });
  await importDocuments(prisma, { corpusName: "tiny", documents: documents() });
});
afterAll(async () => database.dispose());

describe("TREC qrels → set → TREC qrels", () => {
  it("gives the same qrels back (sorted), with provenance on every label", async () => {
    const result = await trec("from trec");
    expect(result).toMatchObject({ createdSet: true, queries: 3, newQueries: 3, labels: 7 });
    expect(sorted(formatQrels(await loadSetQrels(prisma, result.setId)))).toBe(sorted(qrels));
    const queries = await prisma.query.findMany({
      where: { goldenSetId: result.setId },
      orderBy: { position: "asc" },
    });
    expect(queries.map((query) => [query.key, query.text])).toEqual([
      ["t1", "how do I reset my router"],
      ["t2", "printer is offline"],
      ["t3", "replace a drive"],
    ]);
    const provenance = await prisma.judgmentImport.findUniqueOrThrow({ where: { id: result.importId } });
    expect(provenance).toMatchObject({
      format: "trec",
      fileName: "qrels.txt",
      importedById: importer.id,
      labels: 7,
    });
    const labels = await prisma.label.findMany({ where: { query: { goldenSetId: result.setId } } });
    expect(
      labels.every((label) => label.judgmentImportId === result.importId && label.annotatorId === null),
    ).toBe(true);
    expect(labels.every((label) => label.kind === "document" && label.spanKey === "document")).toBe(true);
    expect(await prisma.labelEvent.count({ where: { goldenSetId: result.setId, action: "created" } })).toBe(
      7,
    );
  });

  it("reports every problem in one pass, sorted by line: a malformed line, a duplicate, an unknown document, an unknown query, a grade off the scale — writing nothing", async () => {
    const before = {
      labels: await prisma.label.count(),
      sets: await prisma.goldenSet.count(),
      queries: await prisma.query.count(),
      events: await prisma.labelEvent.count(),
      imports: await prisma.judgmentImport.count(),
    };
    const bad = [
      "t1 0 kb-1 2",
      "t1 0 nope 1", // unknown document
      "t1 0 kb-1 2", // duplicate of line 1
      "t7 0 kb-2 1", // unknown query
      "t2 0 kb-3", // malformed
      "t2 0 kb-6 9", // off the scale
    ].join("\n");
    // into the set of the first test (a new set would widen its scale to the file's grades)
    const error = await refusal(trec("from trec", bad, `${topics}oops no tab\n`));
    expect(error.message.split("\n")).toEqual([
      "Nothing imported — 6 problems:",
      '  qrels.txt line 2: unknown document "nope" (not in the set\'s corpus)',
      '  qrels.txt line 3: query "t1" and document "kb-1" were already judged on line 1',
      '  qrels.txt line 4: unknown query "t7" (no text in the queries file)',
      "  qrels.txt line 5: expected 4 columns (qid 0 docid grade), found 3",
      "  qrels.txt line 6: grade 9 is not on the set's scale (0, 1, 2, 3)",
      "  topics.tsv line 5: expected qid<TAB>text",
    ]);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).problems?.total).toBe(6);
    expect((error as AppError).problems?.listed.map((problem) => problem.line)).toEqual([2, 3, 4, 5, 6, 5]);
    expect({
      labels: await prisma.label.count(),
      sets: await prisma.goldenSet.count(),
      queries: await prisma.query.count(),
      events: await prisma.labelEvent.count(),
      imports: await prisma.judgmentImport.count(),
    }).toEqual(before);
  });

  it("imports into an existing set, reusing its queries; the same judgment again is unchanged, another grade refused", async () => {
    const more = await trec("from trec", "t1 0 kb-5 0\nt9 0 kb-6 1");
    expect(more).toMatchObject({ createdSet: false, queries: 2, newQueries: 1, labels: 2, unchanged: 0 });
    const labels = await prisma.label.count();
    const same = await trec("from trec", "t1 0 kb-5 0\nt9 0 kb-6 1");
    expect(same).toMatchObject({ labels: 0, unchanged: 2, newQueries: 0 });
    expect(await prisma.label.count()).toBe(labels);
    const regraded = await refusal(trec("from trec", "t1 0 kb-5 2"));
    expect(regraded.message).toContain(
      'line 1: query "t1" already has an imported judgment of "kb-5" with grade 0 (this file: 2)',
    );
    expect(await prisma.label.count()).toBe(labels);
  });
});

describe("the label history names the import each label came from", () => {
  it("a judgment file: its name, format and importer, on every label's event", async () => {
    const setId = (await prisma.goldenSet.findUniqueOrThrow({ where: { name: "from trec" } })).id;
    const { rows } = await listSetLabelEvents(prisma, { setId, page: 1, pageSize: 100 });
    const first = rows.filter((row) => row.importedFrom?.fileName === "qrels.txt");
    expect(first).toHaveLength(9); // the first import's 7 and the second's 2 (both files are qrels.txt)
    expect(first[0]?.importedFrom).toMatchObject({ format: "trec", importedBy: "Engineer" });
    expect(first[0]?.after?.judgmentImportId).toBeTruthy();
    expect(rows.every((row) => row.importedFrom !== null && row.annotatorName === null)).toBe(true);
  });

  it("a golden-set file: recorded as an import of format goldenset", async () => {
    const source = await prisma.goldenSet.findUniqueOrThrow({ where: { name: "from trec" } });
    const file = await buildGoldenSetFile(prisma, source.id);
    const { setId, labels } = await importGoldenSetFile(prisma, {
      file,
      name: "json copy",
      fileName: "from-trec.goldenset.json",
      importedBy: { ...importer, mayAdjudicate: true },
    });
    const { rows } = await listSetLabelEvents(prisma, { setId, page: 1, pageSize: 100 });
    expect(rows).toHaveLength(labels);
    expect(rows.every((row) => row.importedFrom?.fileName === "from-trec.goldenset.json")).toBe(true);
    expect(rows[0]?.importedFrom).toMatchObject({ format: "goldenset", importedBy: "Engineer" });
  });
});

describe("chunk-level qrels", () => {
  it("grades every chunk of a document label's document, with chunk docids of the current text", async () => {
    const { setId } = await trec("chunked", "t3 0 kb-2 3");
    const chunking = { strategy: "fixed-characters" as const, size: 40, overlap: 0 };
    const { entries, skipped } = await loadSetChunkQrels(prisma, { setId, chunking, coverage: 1 });
    const length = texts["kb-2"]?.length ?? 0;
    expect(skipped).toBe(0);
    expect(entries).toEqual([
      { queryId: "t3", docId: "kb-2#0-40", grade: 3 },
      { queryId: "t3", docId: "kb-2#40-80", grade: 3 },
      { queryId: "t3", docId: `kb-2#80-${length}`, grade: 3 },
    ]);
  });
});

describe("BEIR out → BEIR in", () => {
  it("gives the same set: query keys, texts and qrels", async () => {
    const { setId } = await trec("beir source", qrels);
    const queryLines = await loadBeirQueryLines(prisma, setId);
    const tsv = (await loadSetQrels(prisma, setId)).map(
      (entry) => `${entry.queryId}\t${entry.docId}\t${entry.grade}`,
    );
    const corpus: string[] = [];
    for await (const line of loadBeirCorpusLines(prisma, setId)) corpus.push(line);
    expect(corpus.map((line) => JSON.parse(line)._id).sort()).toEqual(Object.keys(texts).sort());
    expect(JSON.parse(corpus.find((line) => line.includes('"kb-3"')) ?? "{}")).toEqual({
      _id: "kb-3",
      title: "Title of kb-3",
      text: texts["kb-3"],
    });
    const parsed = parseJudgmentFiles({
      format: "beir",
      judgments: { name: "test.tsv", text: ["query-id\tcorpus-id\tscore", ...tsv].join("\n") },
      queries: { name: "queries.jsonl", text: queryLines.join("\n") },
    });
    const copy = await importJudgments(prisma, { ...parsed, setName: "beir copy", corpusName: "tiny" });
    expect(await loadSetQrels(prisma, copy.setId)).toEqual(await loadSetQrels(prisma, setId));
    expect(await loadBeirQueryLines(prisma, copy.setId)).toEqual(queryLines);
  });
});

describe("Quepid ratings and plain CSV", () => {
  it("takes queries by text and gives them keys; reuses a query of the same text", async () => {
    const quepid =
      'query,docid,rating\n"printer is offline",kb-3,3\n"printer is offline",kb-4,\nrouter reset,kb-1,2\n';
    const parsed = parseJudgmentFiles({ format: "quepid", judgments: { name: "ratings.csv", text: quepid } });
    const result = await importJudgments(prisma, { ...parsed, setName: "from quepid", corpusName: "tiny" });
    expect(result).toMatchObject({ queries: 2, newQueries: 2, labels: 2 });
    const csv = parseJudgmentFiles({
      format: "csv",
      judgments: { name: "pairs.csv", text: "query,docid,grade\nprinter is offline,kb-5,1\n" },
    });
    expect(await importJudgments(prisma, { ...csv, setName: "from quepid" })).toMatchObject({
      newQueries: 0,
      labels: 1,
    });
    expect(formatQrels(await loadSetQrels(prisma, result.setId))).toBe(
      "q-0001 0 kb-3 3\nq-0001 0 kb-5 1\nq-0002 0 kb-1 2\n",
    );
  });
});

describe("export-run → eval-trec", () => {
  it("equals the app's document-mode metrics for a run executed for real", async () => {
    const { setId } = await trec("run set", qrels);
    const config = {
      ...defaultRetrievalConfig,
      chunking: { strategy: "fixed-characters" as const, size: 40, overlap: 0 },
      topK: 4,
    };
    const { runId } = await createRun(prisma, {
      setId,
      configName: "bm25 small chunks",
      config,
      coverage: 1,
      mode: "document",
      userId: importer.id,
    });
    await drainJobs(prisma);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run.status).toBe("succeeded");
    const metrics = parseRunMetrics(run.metrics);
    const { text } = await loadRunTrec(prisma, runId);
    expect(text.split("\n")[0]).toMatch(/^t1 Q0 kb-\d 1 \d+ bm25_small_chunks$/);
    const fields = (body: string) =>
      body
        .trim()
        .split("\n")
        .map((line) => line.split(" "));
    const result = evaluateTrecEntries({
      qrels: fields(formatQrels(await loadSetQrels(prisma, setId))).map(([queryId, , docId, grade]) => ({
        queryId: queryId ?? "",
        docId: docId ?? "",
        grade: Number(grade),
      })),
      run: fields(text).map(([queryId, , docId, , score]) => ({
        queryId: queryId ?? "",
        docId: docId ?? "",
        score: Number(score),
      })),
      averageOverAllQrels: true,
      measures: ["ndcg_cut.10", "recip_rank", "recall.1,3,5,10,20"],
    });
    expect(metrics?.evaluated).toBe(3);
    expect(metrics?.mrr).toBeGreaterThan(0);
    expect(metrics?.ndcg?.["10"]).toBeLessThan(1); // a ranking with misses: a real comparison
    expect(metrics?.ndcg?.["10"]).toBeCloseTo(result.summary.ndcg_cut_10 ?? Number.NaN, 6);
    expect(metrics?.mrr).toBeCloseTo(result.summary.recip_rank ?? Number.NaN, 6);
    for (const k of ["1", "3", "5", "10", "20"])
      expect(metrics?.recall[k], `recall@${k}`).toBeCloseTo(result.summary[`recall_${k}`] ?? Number.NaN, 6);
  });
});

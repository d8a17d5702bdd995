import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCliRunServices } from "@/lib/cli/create-cli-run-services";
import { RETRIEVAL_PRESETS } from "@/lib/configs/retrieval-run-config";
import { evaluateTrecFiles } from "@/lib/eval/trec/evaluate-trec-files";
import { parseSmartQrels, parseSmartRecords, stripLeadingZeros } from "@/lib/exchange/read-smart";
import { buildRetriever } from "@/lib/runs/build-retriever";

/**
 * The `bm25` preset of `goldenset retrieve` (k1 0.9, b 0.4, Anserini's analyzer), built by the app's
 * `buildRetriever`, 1,000 hits, on Cranfield and CACM with trec_eval measures (`-c`). Documents are
 * title + abstract (.T + .W). Traps handled: Cranfield's qrels
 * number queries by position, not by their .I ids; Cleverdon's codes 1 (complete answer) … 4
 * (minimum interest) become gains 4 … 1 and the undocumented −1 becomes 0 (not relevant; a second
 * Cranfield line counts it as gain 1, since one such line per query looks deliberate); CACM's
 * qrels ids are zero-padded and its record 2856 has a split id line (see read-smart.ts).
 */
const DATA_DIR = join(__dirname, "..", "..", "shared", "data");
const MEASURES = ["num_q", "map", "P.10", "ndcg_cut.10", "recall.100,1000"];

type Collection = {
  name: string;
  documents: { id: string; text: string }[];
  queries: { id: string; text: string }[];
  qrels: { queryId: string; documentId: string; gain: number }[];
};

/** `minusOneGain`: what the undocumented −1 grade counts for (0: not relevant). */
function readCranfield(minusOneGain: number): Collection {
  const directory = join(DATA_DIR, "cranfield");
  return {
    name: minusOneGain === 0 ? "Cranfield" : `Cranfield (-1 as gain ${minusOneGain})`,
    documents: readDocuments(join(directory, "cran.all.1400")),
    queries: parseSmartRecords(readFileSync(join(directory, "cran.qry"), "utf8")).map((record, position) => ({
      id: String(position + 1),
      text: record.fields.get("W") ?? "",
    })),
    qrels: parseSmartQrels(readFileSync(join(directory, "cranqrel"), "utf8")).map((qrel) => ({
      queryId: qrel.queryId,
      documentId: qrel.documentId,
      gain: qrel.grade >= 1 && qrel.grade <= 4 ? 5 - qrel.grade : minusOneGain,
    })),
  };
}

function readCacm(): Collection {
  const directory = join(DATA_DIR, "cacm");
  return {
    name: "CACM",
    documents: readDocuments(join(directory, "cacm.all")),
    queries: parseSmartRecords(readFileSync(join(directory, "query.text"), "utf8")).map((record) => ({
      id: stripLeadingZeros(record.id),
      text: record.fields.get("W") ?? "",
    })),
    qrels: parseSmartQrels(readFileSync(join(directory, "qrels.text"), "utf8")).map((qrel) => ({
      queryId: stripLeadingZeros(qrel.queryId),
      documentId: qrel.documentId,
      gain: 1,
    })),
  };
}

function readDocuments(file: string): { id: string; text: string }[] {
  return parseSmartRecords(readFileSync(file, "utf8")).map((record) => ({
    id: record.id,
    text: `${record.fields.get("T") ?? ""} ${record.fields.get("W") ?? ""}`,
  }));
}

async function evaluate(collection: Collection, workDir: string): Promise<void> {
  const retriever = await buildRetriever({
    retriever: RETRIEVAL_PRESETS.bm25,
    texts: collection.documents.map((document) => document.text),
    services: createCliRunServices(),
  });
  const runLines: string[] = [];
  for (const query of collection.queries) {
    for (const [rank, hit] of (await retriever.search(query.text, 1000)).entries()) {
      const documentId = collection.documents[hit.index]!.id;
      runLines.push(`${query.id} Q0 ${documentId} ${rank + 1} ${hit.score.toFixed(6)} bm25\n`);
    }
  }
  const fileName = collection.name.replace(/\W+/g, "-");
  const runPath = join(workDir, `${fileName}.run`);
  const qrelsPath = join(workDir, `${fileName}.qrels`);
  writeFileSync(runPath, runLines.join(""));
  writeFileSync(
    qrelsPath,
    collection.qrels.map((qrel) => `${qrel.queryId} 0 ${qrel.documentId} ${qrel.gain}\n`).join(""),
  );
  const evaluation = await evaluateTrecFiles({
    qrelsPath,
    runPath,
    averageOverAllQrels: true,
    measures: MEASURES,
  });
  const cells = evaluation.names.map((name, position) => {
    const value = evaluation.summary[position] ?? Number.NaN;
    return `${name} ${Number.isInteger(value) ? value : value.toFixed(4)}`;
  });
  process.stdout.write(
    `${collection.name} (${collection.documents.length} docs, ${collection.queries.length} queries): ${cells.join("  ")}\n`,
  );
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), "goldenset-bench-smart-"));
  try {
    await evaluate(readCranfield(0), workDir);
    await evaluate(readCranfield(1), workDir);
    await evaluate(readCacm(), workDir);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvaluateCommand } from "@/lib/cli/evaluate-command";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";
import { runGoldensetSync } from "@/lib/cli/testing/run-goldenset";
import { importDocumentLabeledSet } from "@/lib/curation/testing/import-document-labeled-set";
import { loadRunTrec } from "@/lib/db/judgment-exports";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import type { SourceDocument } from "@/lib/exchange/read-corpus-jsonl";
import { storeRunFile } from "@/lib/runs/run-files";
import { testRunServices } from "@/lib/runs/testing/test-run-services";

// `goldenset export-run RUN_ID --passages` as a user runs it (a child process on a real SQLite
// file), and the file it writes uploaded back as an imported run: the same passages at the same
// ranks. Texts with astral characters (two UTF-16 units each) check that offsets are UTF-16.
const documents: SourceDocument[] = [
  {
    externalId: "d1",
    title: "Fans",
    text: "🌀🌀 The power supply fan is loud. Replace the fan when it rattles. A quiet fan lasts.",
    metadata: null,
  },
  {
    externalId: "d2",
    title: "Errors",
    text: "Reset the unit after error E-4012. 🔧 The error clears after a reset of the fan board.",
    metadata: null,
  },
  {
    externalId: "d3",
    title: "Other",
    text: "Nothing relevant here at all, only filler words.",
    metadata: null,
  },
];

const database = createTestDatabase();
let workDir = "";
let runFilesDirectory = "";

function goldenset(...args: string[]) {
  return runGoldensetSync(database.url, args);
}

async function evaluate(config: Record<string, unknown>) {
  const file = path.join(workDir, `${String(config.name)}.json`);
  await writeFile(file, JSON.stringify(config));
  const command = createEvaluateCommand({
    prisma: () => database.prisma,
    worker: { services: testRunServices({ runFilesDirectory }) },
  });
  const result = await runCommandInProcess(command, ["--set", "fans", "--config", file, "--json"]);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as { runId: string; metrics: Record<string, unknown> };
}

/** A run's results as (query key, rank, document, span), in query then rank order. */
async function passagesOf(runId: string) {
  const rows = await database.prisma.runResult.findMany({
    where: { runId },
    select: { rank: true, start: true, end: true, documentId: true, query: { select: { key: true } } },
  });
  return rows
    .map((row) => ({
      query: row.query.key,
      rank: row.rank,
      documentId: row.documentId,
      start: row.start,
      end: row.end,
    }))
    .sort((a, b) => a.query.localeCompare(b.query) || a.rank - b.rank);
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), "goldenset-export-passages-"));
  runFilesDirectory = path.join(workDir, "run-files");
  await importDocumentLabeledSet(database.prisma, {
    setName: "fans",
    corpusName: "fans",
    documents,
    queries: [
      ["q1", "loud fan", "d1"],
      ["q2", "error reset", "d2"],
    ],
  });
});

afterAll(async () => {
  await database.dispose();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("goldenset export-run --passages", () => {
  it("writes every result as docid#start-end at its rank, and the file imports back as the same passages", async () => {
    const chunked = await evaluate({
      name: "bm25 chunks",
      chunking: { strategy: "fixed-characters", size: 30, overlap: 10 },
      retriever: { kind: "bm25" },
      topK: 5,
    });
    const out = path.join(workDir, "passages.trec");
    const exported = goldenset("export-run", chunked.runId, "--passages", "--out", out);
    expect(exported.stderr).toBe("");
    expect(exported.code).toBe(0);
    const text = await readFile(out, "utf8");
    const lines = text.trim().split("\n");
    const original = await passagesOf(chunked.runId);
    expect(lines).toHaveLength(original.length);
    for (const line of lines) expect(line).toMatch(/^q[12] Q0 d[123]#\d+-\d+ \d+ \d+ bm25_chunks$/);
    // each line is a stored result: its query, rank and span (UTF-16 offsets, as the app stores them)
    const externalIds = new Map(
      (await database.prisma.document.findMany({ select: { id: true, externalId: true } })).map((row) => [
        row.id,
        row.externalId,
      ]),
    );
    const written = lines
      .map((line) => line.split(" "))
      .map(([queryKey, , docno, rank]) => `${queryKey} ${rank} ${docno}`)
      .sort();
    const storedResults = original
      .map((row) => `${row.query} ${row.rank} ${externalIds.get(row.documentId)}#${row.start}-${row.end}`)
      .sort();
    expect(written).toEqual(storedResults);

    // uploaded back (as the app stores an upload) and run as an imported run
    const upload = path.join(workDir, "upload.trec");
    await copyFile(out, upload);
    const { stored } = await storeRunFile({ path: upload, name: "passages.trec" }, runFilesDirectory);
    const reimported = await evaluate({
      name: "reimported",
      chunking: { strategy: "document" },
      retriever: { kind: "imported", file: stored },
      topK: 5,
    });
    expect(await passagesOf(reimported.runId)).toEqual(original);
    expect(reimported.metrics.mrr).toBe(chunked.metrics.mrr);
    expect(reimported.metrics.recall).toEqual(chunked.metrics.recall);

    // without --passages, the document-level file as before; to stdout without --out
    const documentLevel = goldenset("export-run", chunked.runId);
    expect(documentLevel.stdout).toBe((await loadRunTrec(database.prisma, chunked.runId)).text);
    expect(documentLevel.stdout).not.toContain("#");
  }, 60_000);

  it("exits 2 for an unknown run", () => {
    const result = goldenset("export-run", "no-such-run", "--passages");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No run with id "no-such-run"');
  });
});

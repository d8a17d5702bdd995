import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrieveCommand } from "@/lib/cli/retrieve-command";
import { AppError } from "@/lib/errors";
import { evaluateTrecFiles } from "@/lib/eval/trec/evaluate-trec-files";
import { type BeirSource, openBeirFolder } from "@/lib/exchange/read-beir";
import { fuseReciprocalRank, type ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";
import { fuseWeighted } from "@/lib/retrieval/fusion/fuse-weighted";
import {
  type Bm25RetrieverConfig,
  type RetrievalRunConfig,
  resolveRetrievalPreset,
} from "@/lib/retrieval/retrieval-run-config";
import { type RankedDocument, retrieveBeirRun } from "@/lib/retrieval/retrieve-beir-run";

describe("goldenset retrieve", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "goldenset-retrieve-"));
    const beir = join(dir, "beir");
    await mkdir(join(beir, "qrels"), { recursive: true });
    const documents = [
      { _id: "d1", title: "Fans", text: "The power supply fan is loud." },
      { _id: "d2", title: "", text: "Reset the unit after error E-4012." },
      { _id: "q1", title: "Cables", text: "A fan cable, the same id as a query." },
      { _id: "d3", title: "Other", text: "Nothing relevant here." },
    ];
    await writeFile(join(beir, "corpus.jsonl"), documents.map((d) => JSON.stringify(d)).join("\n"));
    const queries = [
      { _id: "q1", text: "fan cable" },
      { _id: "q2", text: "error reset" },
      { _id: "q3", text: "unjudged in test" },
    ];
    await writeFile(join(beir, "queries.jsonl"), queries.map((q) => JSON.stringify(q)).join("\n"));
    await writeFile(join(beir, "qrels", "test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t1\n");
    await writeFile(
      join(dir, "tuned.json"),
      JSON.stringify({ retriever: { kind: "bm25", k1: 1.2, b: 0.75 } }),
    );
    await writeFile(join(dir, "bad.json"), JSON.stringify({ retriever: { kind: "bm25", b: 2 } }));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = (values: Record<string, string>) => retrieveCommand.run({ values, positionals: [] });

  it("writes a TREC run for the split's queries, never returning the query's own id", async () => {
    const out = join(dir, "run.txt");
    expect(await run({ beir: join(dir, "beir"), config: "bm25", out })).toBe(0);
    const lines = (await readFile(out, "utf8")).trim().split("\n");
    const fields = lines.map((line) => line.split(" "));
    expect(new Set(fields.map((field) => field[0]))).toEqual(new Set(["q1", "q2"]));
    expect(fields.every((field) => field.length === 6 && field[1] === "Q0" && field[5] === "bm25")).toBe(
      true,
    );
    expect(fields.some((field) => field[0] === "q1" && field[2] === "q1")).toBe(false);
    expect(fields.find((field) => field[0] === "q1")?.[2]).toBe("d1");
    expect(fields.find((field) => field[0] === "q2")).toEqual([
      "q2",
      "Q0",
      "d2",
      "1",
      expect.any(String),
      "bm25",
    ]);
  });

  it("takes a config file (tag = file name) and --hits", async () => {
    const out = join(dir, "tuned.txt");
    await run({ beir: join(dir, "beir"), config: join(dir, "tuned.json"), out, hits: "1" });
    const lines = (await readFile(out, "utf8")).trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith(" tuned"))).toBe(true);
  });

  it("runs the lsa and hybrid-rrf presets, tagging each run with the preset", async () => {
    for (const config of ["lsa", "hybrid-rrf"]) {
      const out = join(dir, `${config}.txt`);
      expect(await run({ beir: join(dir, "beir"), config, out })).toBe(0);
      const fields = (await readFile(out, "utf8"))
        .trim()
        .split("\n")
        .map((line) => line.split(" "));
      expect(new Set(fields.map((field) => field[0]))).toEqual(new Set(["q1", "q2"]));
      expect(fields.every((field) => field.length === 6 && field[5] === config)).toBe(true);
      expect(fields.some((field) => field[0] === "q1" && field[2] === "q1")).toBe(false);
      // 3 documents other than q1 for q1, all 4 for q2
      expect(fields.filter((field) => field[0] === "q1")).toHaveLength(3);
      expect(fields.filter((field) => field[0] === "q2")).toHaveLength(4);
    }
  });

  it("fails with the JSON path of a bad hybrid config file", async () => {
    const path = join(dir, "bad-hybrid.json");
    await writeFile(
      path,
      JSON.stringify({ retriever: { kind: "hybrid", fusion: "rrf", dense: { dimensions: 0 } } }),
    );
    await expect(
      run({ beir: join(dir, "beir"), config: path, out: join(dir, "y.txt") }),
    ).rejects.toThrowError(/config: retriever\.dense\.dimensions: /);
  });

  it("fails clearly on bad arguments", async () => {
    const beir = join(dir, "beir");
    const out = join(dir, "x.txt");
    await expect(run({ beir, config: "lsa-256", out })).rejects.toThrowError(/unknown preset "lsa-256"/);
    await expect(run({ beir, config: join(dir, "bad.json"), out })).rejects.toThrowError(/retriever\.b/);
    await expect(run({ beir, config: join(dir, "missing.json"), out })).rejects.toThrowError(
      /cannot read config/,
    );
    await expect(run({ beir, config: "bm25", out, hits: "0" })).rejects.toThrowError(/--hits/);
    await expect(run({ beir, config: "bm25", out, split: "dev" })).rejects.toThrowError(AppError);
    await expect(run({ config: "bm25", out })).rejects.toThrowError(/--beir is required/);
  });
});

describe("retrieveBeirRun with dense and hybrid retrievers", () => {
  let dir = "";
  let source: BeirSource;
  const astronomy = ["a1", "a2", "a3", "a4", "a5"];
  const cooking = ["c1", "c2", "c3", "c4", "c5"];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "goldenset-retrieve-dense-"));
    await mkdir(join(dir, "qrels"), { recursive: true });
    const documents = [
      { _id: "a1", title: "Telescope", text: "Telescope observations of a distant planet and its orbit." },
      { _id: "c1", title: "Pasta", text: "Bake the pasta with tomato sauce in the oven." },
      { _id: "a2", title: "", text: "The planet orbit around the star was measured with a telescope." },
      {
        _id: "c2",
        title: "Sauce",
        text: "Tomato sauce recipe: simmer garlic and basil, then add the pasta.",
      },
      {
        _id: "a3",
        title: "Clusters",
        text: "Star formation in the galaxy and the orbit of the star cluster.",
      },
      { _id: "c3", title: "Bread", text: "Oven temperature for baking bread; the recipe needs garlic." },
      { _id: "a4", title: "", text: "Galaxy clusters, star formation and dark matter in the galaxy." },
      { _id: "c4", title: "Garlic bread", text: "Garlic bread with basil: a recipe for the oven." },
      { _id: "a5", title: "Comets", text: "A comet orbit crosses the planet orbit near the star." },
      { _id: "c5", title: "", text: "Basil pesto recipe with garlic and pasta." },
    ];
    await writeFile(join(dir, "corpus.jsonl"), documents.map((d) => JSON.stringify(d)).join("\n"));
    const queries = [
      { _id: "qa", text: "telescope planet" },
      { _id: "qc", text: "pasta recipe" },
      { _id: "a4", text: "galaxy star formation" },
    ];
    await writeFile(join(dir, "queries.jsonl"), queries.map((q) => JSON.stringify(q)).join("\n"));
    await writeFile(
      join(dir, "qrels", "test.tsv"),
      "query-id\tcorpus-id\tscore\nqa\ta1\t1\nqc\tc1\t1\na4\ta3\t1\n",
    );
    source = await openBeirFolder(dir);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const collect = async (retriever: RetrievalRunConfig["retriever"], hits: number) => {
    const rankings = new Map<string, RankedDocument[]>();
    for await (const ranking of retrieveBeirRun({
      source,
      split: "test",
      config: { name: "t", retriever },
      hits,
    }))
      rankings.set(ranking.queryId, ranking.documents);
    return rankings;
  };
  const ids = (documents: RankedDocument[] | undefined) => (documents ?? []).map((d) => d.documentId);
  const lsa = { kind: "lsa", dimensions: 2, seed: 1 } as const;
  const bm25 = resolveRetrievalPreset("bm25").retriever as Bm25RetrieverConfig;

  it("lsa ranks the documents of the query's topic first, even those without its words", async () => {
    const rankings = await collect(lsa, 100);
    expect(new Set(ids(rankings.get("qa")).slice(0, 5))).toEqual(new Set(astronomy));
    expect(new Set(ids(rankings.get("qc")).slice(0, 5))).toEqual(new Set(cooking));
    // the query whose id is a document's: never returned, the other astronomy documents first
    expect(ids(rankings.get("a4"))).not.toContain("a4");
    expect(new Set(ids(rankings.get("a4")).slice(0, 4))).toEqual(new Set(["a1", "a2", "a3", "a5"]));
    // a4 and c5 share no word with "telescope planet" / "pasta recipe" yet rank in their topic
    expect(ids(rankings.get("qa")).indexOf("a4")).toBeLessThan(5);
    const scores = (rankings.get("qa") ?? []).map((d) => d.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    expect(scores.every((score) => score >= -1 && score <= 1.000001)).toBe(true);
  });

  it("lsa is deterministic for a seed and honours hits", async () => {
    expect(await collect(lsa, 100)).toEqual(await collect(lsa, 100));
    const top3 = await collect(lsa, 3);
    expect(ids(top3.get("qa"))).toEqual(ids((await collect(lsa, 100)).get("qa")).slice(0, 3));
  });

  it("hybrid rrf returns fuseReciprocalRank of the BM25 and LSA top-depth lists", async () => {
    const depth = 4;
    const hybrid = await collect(
      { kind: "hybrid", sparse: bm25, dense: lsa, fusion: { kind: "rrf", k: 60 }, depth },
      100,
    );
    const sparse = await collect(bm25, depth);
    const dense = await collect(lsa, depth);
    for (const queryId of ["qa", "qc", "a4"]) {
      const expected = fuseReciprocalRank({
        rankings: [toScored(sparse.get(queryId)), toScored(dense.get(queryId))],
        k: 60,
      });
      expect(hybrid.get(queryId)).toEqual(expected.map(({ id, score }) => ({ documentId: id, score })));
      expect(ids(hybrid.get(queryId))).not.toContain(queryId);
    }
    const cut = await collect(
      { kind: "hybrid", sparse: bm25, dense: lsa, fusion: { kind: "rrf", k: 60 }, depth },
      2,
    );
    expect(ids(cut.get("qa"))).toEqual(ids(hybrid.get("qa")).slice(0, 2));
  });

  it("hybrid weighted fuses the LSA list (weight alpha) with the BM25 list", async () => {
    const depth = 6;
    const sparse = await collect(bm25, depth);
    const dense = await collect(lsa, depth);
    for (const normalization of ["min-max", "z-score"] as const) {
      const hybrid = await collect(
        {
          kind: "hybrid",
          sparse: bm25,
          dense: lsa,
          fusion: { kind: "weighted", alpha: 0.3, normalization },
          depth,
        },
        100,
      );
      const expected = fuseWeighted({
        first: toScored(dense.get("qc")),
        second: toScored(sparse.get("qc")),
        alpha: 0.3,
        normalization,
      });
      expect(hybrid.get("qc")).toEqual(expected.map(({ id, score }) => ({ documentId: id, score })));
    }
    const denseOnly = await collect(
      {
        kind: "hybrid",
        sparse: bm25,
        dense: lsa,
        fusion: { kind: "weighted", alpha: 1, normalization: "min-max" },
        depth,
      },
      depth,
    );
    expect(ids(denseOnly.get("qa"))).toEqual(ids(dense.get("qa")));
  });
});

function toScored(documents: RankedDocument[] | undefined): ScoredId[] {
  return (documents ?? []).map((document) => ({ id: document.documentId, score: document.score }));
}

/**
 * The hybrid-rrf preset on BEIR SciFact (test split, 1,000 hits, trec_eval -c), as measured when it
 * landed: nDCG@10 0.5540, R@100 0.9350 (lsa alone: 0.4299, 0.8403; BM25: 0.6789, 0.9253). A
 * regression guard over both the LSA and the fusion paths, not a published reference; lsa alone is
 * not run here to keep the suite short. Skips when the data is absent.
 */
const SCIFACT_DIR = join(process.cwd(), "..", "shared", "data", "scifact");
describe.skipIf(!existsSync(join(SCIFACT_DIR, "corpus.jsonl")))("hybrid-rrf on SciFact", () => {
  let workDir = "";
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it("keeps nDCG@10 0.5540 and R@100 0.9350", async () => {
    workDir = await mkdtemp(join(tmpdir(), "goldenset-scifact-hybrid-"));
    const runPath = join(workDir, "run.txt");
    const qrelsPath = join(workDir, "qrels.txt");
    const values = {
      beir: SCIFACT_DIR,
      config: "hybrid-rrf",
      out: runPath,
      "qrels-out": qrelsPath,
      hits: "1000",
    };
    expect(await retrieveCommand.run({ values, positionals: [] })).toBe(0);
    const evaluation = await evaluateTrecFiles({
      qrelsPath,
      runPath,
      averageOverAllQrels: true,
      measures: ["ndcg_cut.10", "recall.100", "num_q"],
    });
    const measure = (name: string) => evaluation.summary[evaluation.names.indexOf(name)] ?? Number.NaN;
    console.info(
      `SciFact hybrid-rrf: nDCG@10 ${measure("ndcg_cut_10").toFixed(4)}, R@100 ${measure("recall_100").toFixed(4)}`,
    );
    expect(measure("num_q")).toBe(300);
    expect(Math.abs(measure("ndcg_cut_10") - 0.554)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(measure("recall_100") - 0.935)).toBeLessThanOrEqual(0.005);
  }, 120_000);
});

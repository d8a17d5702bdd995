import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { retrieveCommand } from "@/lib/cli/retrieve-command";
import { RETRIEVAL_PRESETS, type RetrievalRunConfig } from "@/lib/configs/retrieval-run-config";
import { AppError } from "@/lib/errors";
import { evaluateTrecFiles } from "@/lib/eval/trec/evaluate-trec-files";
import { type BeirSource, openBeirFolder } from "@/lib/exchange/read-beir";
import { fuseReciprocalRank, type ScoredId } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";
import { fuseWeighted } from "@/lib/retrieval/fusion/fuse-weighted";
import {
  type LoopbackProviderServer,
  startLoopbackProviderServer,
} from "@/lib/retrieval/providers/testing/loopback-provider-server";
import { type RankedDocument, retrieveBeirRun } from "@/lib/runs/retrieve-beir-run";
import { testRunServices } from "@/lib/runs/testing/test-run-services";

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

  const run = (values: Record<string, string | boolean>) => retrieveCommand.run({ values, positionals: [] });

  it("keeps the query's own document unless --ignore-identical-ids (or the config) says so", async () => {
    const resultsOfQ1 = async (out: string) =>
      (await readFile(out, "utf8"))
        .trim()
        .split("\n")
        .map((line) => line.split(" "))
        .filter((field) => field[0] === "q1")
        .map((field) => field[2]);
    const kept = join(dir, "kept.txt");
    expect(await run({ beir: join(dir, "beir"), config: "bm25", out: kept, hits: "1" })).toBe(0);
    // "fan cable" is document q1's text: by default it is a result like any other
    expect(await resultsOfQ1(kept)).toEqual(["q1"]);
    const dropped = join(dir, "dropped.txt");
    await run({
      beir: join(dir, "beir"),
      config: "bm25",
      out: dropped,
      hits: "1",
      "ignore-identical-ids": true,
    });
    // dropped, and its rank freed: the next document takes it
    expect(await resultsOfQ1(dropped)).toEqual(["d1"]);
    const fromFile = join(dir, "from-file.txt");
    const configPath = join(dir, "no-self.json");
    await writeFile(
      configPath,
      JSON.stringify({ retriever: RETRIEVAL_PRESETS.bm25, ignoreIdenticalIds: true }),
    );
    await run({ beir: join(dir, "beir"), config: configPath, out: fromFile, hits: "1" });
    expect(await resultsOfQ1(fromFile)).toEqual(await resultsOfQ1(dropped));
    await writeFile(
      configPath,
      JSON.stringify({ retriever: RETRIEVAL_PRESETS.bm25, ignoreIdenticalIds: "yes" }),
    );
    await expect(run({ beir: join(dir, "beir"), config: configPath, out: fromFile })).rejects.toThrowError(
      /config: ignoreIdenticalIds: /,
    );
  });

  it("writes a TREC run for the split's queries, without the query's own id when asked", async () => {
    const out = join(dir, "run.txt");
    expect(await run({ beir: join(dir, "beir"), config: "bm25", out, "ignore-identical-ids": true })).toBe(0);
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
      expect(await run({ beir: join(dir, "beir"), config, out, "ignore-identical-ids": true })).toBe(0);
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
    const retriever = {
      ...RETRIEVAL_PRESETS["hybrid-rrf"],
      dense: { provider: { kind: "builtin-lsa", dimensions: 0 } },
    };
    await writeFile(path, JSON.stringify({ retriever }));
    await expect(
      run({ beir: join(dir, "beir"), config: path, out: join(dir, "y.txt") }),
    ).rejects.toThrowError(/config: retriever\.dense\.provider\.dimensions: /);
  });

  it("refuses the external and imported retrievers", async () => {
    const path = join(dir, "external.json");
    await writeFile(
      path,
      JSON.stringify({ retriever: { kind: "external", url: "https://search.example.com" } }),
    );
    await expect(
      run({ beir: join(dir, "beir"), config: path, out: join(dir, "z.txt") }),
    ).rejects.toThrowError(/retrieve runs bm25, dense and hybrid configurations over whole documents/);
  });

  describe("with an OpenAI-compatible embedding provider", () => {
    const apiKey = "sk-test-loopback-5678";
    let providers: LoopbackProviderServer;
    let configPath = "";
    beforeAll(async () => {
      providers = await startLoopbackProviderServer({ apiKey, defaultDimensions: 16 });
      configPath = join(dir, "embeddings.json");
      const provider = {
        kind: "openai-compatible",
        baseUrl: `${providers.origin}/v1`,
        model: "test-embed",
        apiKeyEnv: "TEST_EMBED_KEY",
      };
      await writeFile(configPath, JSON.stringify({ retriever: { kind: "dense", provider } }));
    });
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    afterAll(async () => {
      await providers?.close();
    });

    it("embeds documents and queries through the allow-list with the key from the environment", async () => {
      vi.stubEnv("GOLDENSET_OUTBOUND_ALLOWLIST", "127.0.0.1");
      vi.stubEnv("GOLDENSET_KEY_VARIABLES", "TEST_EMBED_KEY");
      vi.stubEnv("TEST_EMBED_KEY", apiKey);
      const out = join(dir, "embeddings.txt");
      expect(await run({ beir: join(dir, "beir"), config: configPath, out })).toBe(0);
      const fields = (await readFile(out, "utf8"))
        .trim()
        .split("\n")
        .map((line) => line.split(" "));
      expect(
        fields
          .filter((field) => field[0] === "q1")
          .map((field) => field[2])
          .sort(),
      ).toEqual(["d1", "d2", "d3", "q1"]);
      expect(fields.filter((field) => field[0] === "q2")).toHaveLength(4);
      expect(fields.every((field) => field[5] === "embeddings")).toBe(true);
      // one request for the four documents, one for the two judged queries
      expect(providers.requests.map((request) => (request.body as { input: string[] }).input.length)).toEqual(
        [4, 2],
      );
    });

    it("refuses a host outside GOLDENSET_OUTBOUND_ALLOWLIST and an unset key variable", async () => {
      const out = join(dir, "refused.txt");
      vi.stubEnv("TEST_EMBED_KEY", apiKey);
      vi.stubEnv("GOLDENSET_KEY_VARIABLES", "TEST_EMBED_KEY");
      vi.stubEnv("GOLDENSET_OUTBOUND_ALLOWLIST", "");
      await expect(run({ beir: join(dir, "beir"), config: configPath, out })).rejects.toThrowError(
        /GOLDENSET_OUTBOUND_ALLOWLIST/,
      );
      vi.stubEnv("GOLDENSET_OUTBOUND_ALLOWLIST", "127.0.0.1");
      vi.stubEnv("TEST_EMBED_KEY", "");
      await expect(run({ beir: join(dir, "beir"), config: configPath, out })).rejects.toThrowError(
        /TEST_EMBED_KEY, which is not set/,
      );
    });
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

  // as Anserini's BEIR regressions (-removeQuery), unless a test says otherwise
  const collect = async (
    retriever: RetrievalRunConfig["retriever"],
    hits: number,
    ignoreIdenticalIds = true,
  ) => {
    const rankings = new Map<string, RankedDocument[]>();
    for await (const ranking of retrieveBeirRun({
      source,
      split: "test",
      config: { name: "t", retriever, ignoreIdenticalIds },
      hits,
      services: testRunServices(),
    }))
      rankings.set(ranking.queryId, ranking.documents);
    return rankings;
  };
  const ids = (documents: RankedDocument[] | undefined) => (documents ?? []).map((d) => d.documentId);
  // 2 dimensions (below the app's minimum of 8) for two topics in ten documents
  const lsaProvider = { kind: "builtin-lsa", dimensions: 2, seed: 1 } as const;
  const lsa = { kind: "dense", provider: lsaProvider } as const;
  const bm25 = RETRIEVAL_PRESETS.bm25;
  const hybrid = (
    fusion: Extract<RetrievalRunConfig["retriever"], { kind: "hybrid" }>["fusion"],
    depth: number,
  ) => ({ kind: "hybrid", sparse: bm25, dense: { provider: lsaProvider }, fusion, depth }) as const;

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

  it("keeps the query's own document when ignoreIdenticalIds is off, in both lists of hybrid", async () => {
    expect(ids((await collect(lsa, 100, false)).get("a4"))).toContain("a4");
    expect(ids((await collect(bm25, 100, false)).get("a4"))[0]).toBe("a4");
    const fused = await collect(hybrid({ kind: "rrf", k: 60 }, 4), 100, false);
    expect(ids(fused.get("a4"))[0]).toBe("a4");
    expect(ids(fused.get("a4"))).toHaveLength(new Set(ids(fused.get("a4"))).size);
  });

  it("lsa is deterministic for a seed and honours hits", async () => {
    expect(await collect(lsa, 100)).toEqual(await collect(lsa, 100));
    const top3 = await collect(lsa, 3);
    expect(ids(top3.get("qa"))).toEqual(ids((await collect(lsa, 100)).get("qa")).slice(0, 3));
  });

  it("hybrid rrf returns fuseReciprocalRank of the BM25 and LSA top-depth lists", async () => {
    const depth = 4;
    const fused = await collect(hybrid({ kind: "rrf", k: 60 }, depth), 100);
    const sparse = await collect(bm25, depth);
    const dense = await collect(lsa, depth);
    for (const queryId of ["qa", "qc", "a4"]) {
      const expected = fuseReciprocalRank({
        rankings: [toScored(sparse.get(queryId)), toScored(dense.get(queryId))],
        k: 60,
      });
      expect(fused.get(queryId)).toEqual(expected.map(({ id, score }) => ({ documentId: id, score })));
      expect(ids(fused.get(queryId))).not.toContain(queryId);
    }
    const cut = await collect(hybrid({ kind: "rrf", k: 60 }, depth), 2);
    expect(ids(cut.get("qa"))).toEqual(ids(fused.get("qa")).slice(0, 2));
  });

  it("hybrid weighted fuses the LSA list (weight alpha) with the BM25 list", async () => {
    const depth = 6;
    const sparse = await collect(bm25, depth);
    const dense = await collect(lsa, depth);
    for (const normalization of ["min-max", "z-score"] as const) {
      const fused = await collect(hybrid({ kind: "weighted", alpha: 0.3, normalization }, depth), 100);
      const expected = fuseWeighted({
        first: toScored(dense.get("qc")),
        second: toScored(sparse.get("qc")),
        alpha: 0.3,
        normalization,
      });
      expect(fused.get("qc")).toEqual(expected.map(({ id, score }) => ({ documentId: id, score })));
    }
    const denseOnly = await collect(
      hybrid({ kind: "weighted", alpha: 1, normalization: "min-max" }, depth),
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
      "ignore-identical-ids": true,
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

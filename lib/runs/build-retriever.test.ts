import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ChunkRetrieverConfig } from "@/lib/configs/config-schema";
import { defaultRetrievers, type RetrieverConfig } from "@/lib/configs/config-schema";
import { fuseReciprocalRank } from "@/lib/retrieval/fusion/fuse-reciprocal-rank";
import { fuseWeighted } from "@/lib/retrieval/fusion/fuse-weighted";
import { Bm25IndexCache } from "@/lib/runs/bm25-index-cache";
import { buildRetriever, toScoredIds } from "@/lib/runs/build-retriever";
import { testRunServices } from "@/lib/runs/testing/test-run-services";

const texts = [
  "The pump motor overheats when the coolant filter is clogged.",
  "Replace the coolant filter every six months to keep the pump cool.",
  "Error E42 means the door sensor is misaligned; realign the door sensor.",
  "The door latch and the door sensor share one connector.",
  "Invoices are sent on the first business day of each month.",
  "Monthly invoices list every service visit and its parts.",
  "Firmware updates restart the controller; schedule them at night.",
  "The controller firmware logs each restart with its error code.",
];

const lsa8 = { kind: "builtin-lsa", dimensions: 8, seed: 1 } as const;
const dense: ChunkRetrieverConfig = { kind: "dense", provider: lsa8 };
const hybrid = (
  fusion: Extract<RetrieverConfig, { kind: "hybrid" }>["fusion"],
  depth = 100,
): ChunkRetrieverConfig => ({
  kind: "hybrid",
  sparse: defaultRetrievers.bm25,
  dense: { provider: lsa8 },
  fusion,
  depth,
});

const build = (retriever: ChunkRetrieverConfig, over: string[] = texts) =>
  buildRetriever({ retriever, texts: over, services: testRunServices() });

const indexes = (hits: { index: number }[]) => hits.map((hit) => hit.index);

describe("buildRetriever", () => {
  it("bm25 ranks the texts that share the query's terms first, best first, scores > 0", async () => {
    const hits = await (await build(defaultRetrievers.bm25)).search("door sensor", 3);
    expect(indexes(hits).slice(0, 2).sort()).toEqual([2, 3]);
    expect(hits.every((hit) => hit.score > 0)).toBe(true);
    expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
  });

  it("dense (LSA) puts the topic's texts on top, respects topK and returns nothing for unknown words", async () => {
    const retriever = await build(dense);
    const hits = await retriever.search("coolant pump", 2);
    expect(hits).toHaveLength(2);
    expect(indexes(hits).sort()).toEqual([0, 1]);
    expect(hits[0]!.score).toBeLessThanOrEqual(1 + 1e-6);
    expect(indexes(await retriever.search("monthly invoices", 2)).sort()).toEqual([4, 5]);
    expect(await retriever.search("zebra quokka", 5)).toEqual([]);
  });

  it("dense is deterministic for the same texts, dimensions and seed", async () => {
    const first = await (await build(dense)).search("firmware restart", 8);
    const second = await (await build(dense)).search("firmware restart", 8);
    expect(second).toEqual(first);
  });

  it("hybrid RRF equals fuseReciprocalRank over the two retrievers' first depth hits, cut at topK", async () => {
    const depth = 4;
    for (const query of ["door sensor error", "coolant filter", "firmware restart error code"]) {
      const sparseHits = await (await build(defaultRetrievers.bm25)).search(query, depth);
      const denseHits = await (await build(dense)).search(query, depth);
      const expected = fuseReciprocalRank({
        rankings: [toScoredIds(sparseHits), toScoredIds(denseHits)],
        k: 60,
      })
        .slice(0, 3)
        .map((item) => ({ index: Number(item.id), score: item.score }));
      const hits = await (await build(hybrid({ kind: "rrf", k: 60 }, depth))).search(query, 3);
      expect(hits).toEqual(expected);
      expect(hits).toHaveLength(3);
    }
  });

  it("hybrid weighted: alpha weighs dense, so alpha 1 reproduces the dense order", async () => {
    const query = "door sensor";
    const denseHits = await (await build(dense)).search(query, 100);
    const sparseHits = await (await build(defaultRetrievers.bm25)).search(query, 100);
    const onlyDense = await (
      await build(hybrid({ kind: "weighted", alpha: 1, normalization: "min-max" }))
    ).search(query, denseHits.length);
    expect(indexes(onlyDense)).toEqual(indexes(denseHits));
    const half = await (
      await build(hybrid({ kind: "weighted", alpha: 0.5, normalization: "z-score" }))
    ).search(query, 5);
    const expected = fuseWeighted({
      first: toScoredIds(denseHits),
      second: toScoredIds(sparseHits),
      alpha: 0.5,
      normalization: "z-score",
    }).slice(0, 5);
    expect(indexes(half)).toEqual(expected.map((item) => Number(item.id)));
  });

  it("returns nothing over an empty corpus, whatever the kind", async () => {
    for (const retriever of [defaultRetrievers.bm25, dense, hybrid({ kind: "rrf", k: 60 })]) {
      expect(await (await build(retriever, [])).search("door", 5)).toEqual([]);
    }
  });

  it("builds the BM25 index once through the index cache, for bm25 and hybrid's sparse part", async () => {
    const directory = await mkdtemp(join(tmpdir(), "goldenset-build-retriever-"));
    try {
      const messages: string[] = [];
      const services = testRunServices({
        bm25IndexCache: new Bm25IndexCache({ directory }),
        onProgress: async (message) => {
          messages.push(message);
        },
      });
      const uncached = await (await build(hybrid({ kind: "rrf", k: 60 }))).search("door sensor error", 5);
      for (const retriever of [defaultRetrievers.bm25, hybrid({ kind: "rrf", k: 60 })]) {
        const hits = await (await buildRetriever({ retriever, texts, services })).search(
          "door sensor error",
          5,
        );
        if (retriever.kind === "hybrid") expect(hits).toEqual(uncached);
      }
      expect(messages).toEqual([
        "BM25 index over 8 chunks built",
        "BM25 index over 8 chunks loaded from cache",
      ]);
      expect(await readdir(directory)).toHaveLength(1);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

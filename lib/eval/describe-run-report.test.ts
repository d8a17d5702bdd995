import { describe, expect, it } from "vitest";
import {
  describeChunks,
  describeDroppedHits,
  describeInterval,
  describeRunReport,
  formatScore,
} from "@/lib/eval/describe-run-report";
import type { RunMetrics } from "@/lib/eval/run-report-schema";

const metrics: RunMetrics = { recall: { 5: 0.5 }, mrr: 0.4, evaluated: 40, excluded: 2 };

describe("describeRunReport", () => {
  it("says how a label-based run was scored, with its coverage and set version", () => {
    expect(
      describeRunReport({
        configSummary: "BM25 k1=0.9 b=0.4 · top 10",
        mode: "label",
        coverage: 0.8,
        setVersion: 3,
      }),
    ).toBe("BM25 k1=0.9 b=0.4 · top 10 · label-based, coverage θ 0.8 · set version 3");
  });

  it("says whose judgments produced a scored run's numbers", () => {
    expect(
      describeRunReport({
        configSummary: "BM25",
        mode: "label",
        coverage: 1,
        setVersion: 2,
        judgments: "people, model fills holes (12 model judgments)",
      }),
    ).toBe(
      "BM25 · label-based, coverage θ 1 · set version 2 · judgments: people, model fills holes (12 model judgments)",
    );
  });

  it("leaves the coverage out of document-level scoring, which does not use it", () => {
    expect(
      describeRunReport({ configSummary: "imported run.trec", mode: "document", coverage: 1, setVersion: 1 }),
    ).toBe("imported run.trec · document-level scoring · set version 1");
  });
});

describe("describeDroppedHits", () => {
  it("is null when the run used every result", () => {
    expect(describeDroppedHits(metrics)).toBeNull();
    expect(
      describeDroppedHits({ ...metrics, unknownDocuments: 0, unlocated: 0, queriesWithoutResults: 0 }),
    ).toBeNull();
  });

  it("names each kind of dropped result in one sentence", () => {
    expect(describeDroppedHits({ ...metrics, unknownDocuments: 3 })).toBe(
      "3 results name documents this corpus does not have.",
    );
    expect(
      describeDroppedHits({ ...metrics, unknownDocuments: 2, unlocated: 1, queriesWithoutResults: 4 }),
    ).toBe(
      "2 results name documents this corpus does not have; 1 result's text could not be found in its document; 4 queries of the set have no results in the file (scored as misses).",
    );
    expect(describeDroppedHits({ ...metrics, unknownDocuments: 1, queriesWithoutResults: 1 })).toBe(
      "1 result names a document this corpus does not have; 1 query of the set has no results in the file (scored as a miss).",
    );
  });
});

describe("describeInterval", () => {
  it("prints a 95% interval with three decimals", () => {
    expect(describeInterval({ lower: 0.41234, upper: 0.6556 })).toBe("95% CI 0.412–0.656");
  });

  it("is undefined for runs stored without intervals", () => {
    expect(describeInterval(undefined)).toBeUndefined();
  });
});

describe("describeChunks", () => {
  it("says the chunks are indexed, and how many results came back per query", () => {
    expect(describeChunks({ chunks: 1200, meanReturned: 9.55 })).toBe(
      "in the index · 9.6 returned per query",
    );
  });

  it("says the passages came from the system when nothing was indexed", () => {
    expect(describeChunks({ chunks: null })).toBe("passages from the system");
  });

  it("keeps runs stored before the per-query count readable", () => {
    expect(describeChunks({})).toBe("in the index");
  });
});

describe("formatScore", () => {
  it("prints three decimals, and an em dash for a missing score", () => {
    expect(formatScore(0.5)).toBe("0.500");
    expect(formatScore(0)).toBe("0.000");
    expect(formatScore(undefined)).toBe("—");
    expect(formatScore(null)).toBe("—");
  });
});

import { describe, expect, it } from "vitest";
import { comparisonMarkdown } from "./comparison-markdown";
import { comparisonFixture } from "./testing/comparison-fixture";

describe("comparisonMarkdown", () => {
  const comparison = comparisonFixture();
  const markdown = comparisonMarkdown({ setName: "Help center", comparison });

  it("opens with what was compared, how, and on which baseline", () => {
    expect(markdown).toContain("### Retrieval comparison on Help center");
    expect(markdown).toContain("Baseline **BM25 baseline v1** (BM25 k1=0.9 b=0.4 · 400/80 chars · top 20)");
    expect(markdown).toContain(
      "Paired randomization test (2,000 permutations) per measure, Holm-adjusted over 2 runs × 4 measures",
    );
  });

  it("has a table with each run's means, deltas in bold when significant, Holm p-values and verdicts", () => {
    const lines = markdown.split("\n");
    expect(lines).toContain("| Run | Queries | Recall@5 | Recall@10 | MRR | nDCG@10 | Verdict |");
    const hybrid = comparison.results[0]?.measures.mrr;
    const hybridRow = lines.find((line) => line.startsWith("| Hybrid RRF v1 |"));
    expect(hybridRow).toContain(`${hybrid?.mean.toFixed(3)} (**+${hybrid?.delta.toFixed(3)}**, p (Holm) `);
    expect(hybridRow).toContain("| better on MRR and nDCG@10 |");
    expect(lines.find((line) => line.startsWith("| BM25 small chunks"))).toContain(
      "(**−0.308**, p (Holm) 0.004)",
    );
    // a pipe in a run name is escaped, so the table keeps its columns
    const smallRow = lines.find((line) => line.startsWith("| BM25 small chunks \\| v1 |"));
    expect(smallRow?.split(/(?<!\\)\|/)).toHaveLength(9);
    expect(lines.find((line) => line.startsWith("| BM25 baseline v1 (baseline) | 39 |"))).toBeDefined();
  });

  it("lists the deltas' intervals and the configuration changes with their warnings", () => {
    expect(markdown).toMatch(/- Hybrid RRF v1: Recall@5 [+−]\d\.\d{3} to [+−]\d\.\d{3}; Recall@10/);
    expect(markdown).toContain("- Hybrid RRF v1: `retriever` BM25 k1=0.9 b=0.4 → BM25 + LSA 128d · RRF k=60");
    expect(markdown).toContain("`chunking.size` 400 → 200; `chunking.overlap` 80 → 40");
    expect(markdown).toContain("  - ⚠ 2 settings changed (chunking.size, chunking.overlap)");
  });
});

describe("comparisonMarkdown with hostile names", () => {
  const comparison = comparisonFixture();
  const [baseline, hybrid, small] = comparison.runs;
  const hostile = {
    ...comparison,
    runs: [
      { ...baseline!, name: "<img src=x onerror=alert(1)>" },
      { ...hybrid!, name: "[click me](javascript:alert(1))" },
      { ...small!, name: "- `rm -rf` | **x**\n# heading" },
    ],
  };
  const markdown = comparisonMarkdown({ setName: "<b>Set</b> & ![i](javascript:x)", comparison: hostile });

  it("passes no HTML, link, image or javascript: target from set and run names", () => {
    expect(markdown).not.toMatch(/<(img|b|script)/i);
    expect(markdown).not.toMatch(/(?<!\\)\](?:\(|:)/); // an unescaped ] that opens a target
    expect(markdown).not.toMatch(/javascript:/i);
    expect(markdown).toContain(
      "### Retrieval comparison on &lt;b&gt;Set&lt;/b&gt; &amp; !\\[i\\](javascript\\:x)",
    );
    expect(markdown).toContain("Baseline **&lt;img src=x onerror=alert(1)&gt;**");
  });

  it("keeps a hostile run name in its table cell and its list item", () => {
    const lines = markdown.split("\n");
    const row = lines.find((line) => line.startsWith("| \\- \\`rm -rf\\` \\| \\*\\*x\\*\\* # heading |"));
    expect(row?.split(/(?<!\\)\|/)).toHaveLength(9);
    expect(lines.some((line) => /^#+ heading/.test(line))).toBe(false);
    expect(markdown).toContain("- \\- \\`rm -rf\\` \\| \\*\\*x\\*\\* # heading: ");
  });
});

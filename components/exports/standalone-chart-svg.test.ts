import { describe, expect, it } from "vitest";
import { escapeXml, exportFileName, standaloneChartSvg } from "./standalone-chart-svg";

describe("standaloneChartSvg", () => {
  const chartSvg =
    '<svg xmlns="http://www.w3.org/2000/svg" class="recharts-surface" width="600" height="300"><path d="M0 0"/></svg>';

  it("puts title, chart and legend on a white page sized to hold them", () => {
    const { svg, width, height } = standaloneChartSvg({
      chartSvg,
      width: 600,
      height: 300,
      title: "Recall at k — BM25 <baseline> vs Hybrid & co",
      legend: [
        { name: "BM25 baseline (baseline)", color: "#d97706", dash: "6 4" },
        { name: "Hybrid", color: "#7c3aed" },
      ],
    });
    expect(width).toBe(632);
    expect(height).toBeGreaterThan(300 + 28);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="632"')).toBe(true);
    expect(svg).toContain('<rect width="100%" height="100%" fill="#ffffff"/>');
    expect(svg).toContain("Recall at k — BM25 &lt;baseline&gt; vs Hybrid &amp; co");
    expect(svg).toContain(`<g transform="translate(16 44)">${chartSvg}</g>`);
    expect(svg).toContain('stroke="#d97706" stroke-width="2.5" stroke-dasharray="6 4"/>');
    expect(svg).toContain(">Hybrid</text>");
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  it("wraps a long legend onto more rows and grows the page for them", () => {
    const legend = Array.from({ length: 7 }, (_, index) => ({
      name: `A fairly long run name number ${index}`,
      color: "#000",
    }));
    const one = standaloneChartSvg({
      chartSvg,
      width: 600,
      height: 300,
      title: "t",
      legend: legend.slice(0, 1),
    });
    const seven = standaloneChartSvg({ chartSvg, width: 600, height: 300, title: "t", legend });
    expect(seven.height).toBeGreaterThan(one.height + 40);
  });
});

describe("export helpers", () => {
  it("escapes XML and names files from titles", () => {
    expect(escapeXml(`a<b>&"c'`)).toBe("a&lt;b&gt;&amp;&quot;c&apos;");
    expect(exportFileName("Recall at k — BM25 baseline v1 vs 3 runs", "png")).toBe(
      "recall-at-k-bm25-baseline-v1-vs-3-runs.png",
    );
    expect(exportFileName("—", "svg")).toBe("chart.svg");
  });
});

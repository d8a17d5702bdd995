/** One legend entry of an exported chart. */
/** A legend entry: the run's name, colour and SVG stroke-dasharray (undefined: a solid line). */
export type ExportLegendEntry = { name: string; color: string; dash?: string | undefined };

const FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const PADDING = 16;
const TITLE_HEIGHT = 28;
const LEGEND_ROW = 20;
/** Rough width of a 12px character, to wrap the legend (an export has no layout engine). */
const CHARACTER_WIDTH = 6.8;

export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/**
 * A chart as a file of its own: a white page with the title, the chart's SVG (as the browser
 * serialized it) below, and the legend — which the page draws in HTML under the chart — redrawn
 * in SVG under it, wrapped to the chart's width. Fonts are named, not embedded. Returns the SVG
 * text and its size in pixels.
 */
export function standaloneChartSvg(options: {
  chartSvg: string;
  width: number;
  height: number;
  title: string;
  legend: readonly ExportLegendEntry[];
}): { svg: string; width: number; height: number } {
  const width = Math.ceil(options.width + 2 * PADDING);
  const rows: { entry: ExportLegendEntry; x: number; row: number }[] = [];
  let x = 0;
  let row = 0;
  for (const entry of options.legend) {
    const entryWidth = 28 + entry.name.length * CHARACTER_WIDTH + 16;
    if (x > 0 && x + entryWidth > options.width) {
      row += 1;
      x = 0;
    }
    rows.push({ entry, x, row });
    x += entryWidth;
  }
  const legendHeight = options.legend.length === 0 ? 0 : (row + 1) * LEGEND_ROW + 8;
  const chartTop = PADDING + TITLE_HEIGHT;
  const legendTop = chartTop + options.height + 8;
  const height = Math.ceil(legendTop + legendHeight + PADDING);
  const legend = rows
    .map(({ entry, x: left, row: line }) => {
      const y = legendTop + line * LEGEND_ROW + 10;
      const dash = entry.dash ? ` stroke-dasharray="${entry.dash}"` : "";
      return (
        `<line x1="${PADDING + left}" y1="${y}" x2="${PADDING + left + 20}" y2="${y}" stroke="${escapeXml(entry.color)}" stroke-width="2.5"${dash}/>` +
        `<text x="${PADDING + left + 26}" y="${y + 4}" font-size="12" fill="#3f3f46">${escapeXml(entry.name)}</text>`
      );
    })
    .join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(FONT)}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>` +
    `<text x="${PADDING}" y="${PADDING + 14}" font-size="14" font-weight="600" fill="#18181b">${escapeXml(options.title)}</text>` +
    `<g transform="translate(${PADDING} ${chartTop})">${options.chartSvg}</g>` +
    legend +
    "</svg>";
  return { svg, width, height };
}

/** "recall-at-k-bm25-baseline-vs-2-runs.svg": a file name from a title. */
export function exportFileName(title: string, extension: string): string {
  const slug = title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${slug || "chart"}.${extension}`;
}

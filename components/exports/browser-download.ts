import { type ExportLegendEntry, exportFileName, standaloneChartSvg } from "./standalone-chart-svg";

// Browser-only helpers of the charts' and tables' exports; imported by client components.

/** Saves `blob` as a download named `fileName` (an <a download> on a blob: URL, then revoked). */
function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

/**
 * The chart drawn in `container` (recharts' surface: its largest <svg>) as a
 * standalone SVG file with title and legend. Throws when the container holds no chart.
 */
function chartSvgFile(
  container: HTMLElement,
  options: { title: string; legend: readonly ExportLegendEntry[] },
): { svg: string; width: number; height: number } {
  const area = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width * box.height;
  };
  const surface = [...container.querySelectorAll("svg")].sort((left, right) => area(right) - area(left))[0];
  if (!surface) throw new Error("There is no chart to export yet.");
  const box = surface.getBoundingClientRect();
  return standaloneChartSvg({
    chartSvg: new XMLSerializer().serializeToString(surface),
    width: box.width,
    height: box.height,
    title: options.title,
    legend: options.legend,
  });
}

export function downloadChartSvg(
  container: HTMLElement,
  options: { title: string; legend: readonly ExportLegendEntry[] },
): void {
  const { svg } = chartSvgFile(container, options);
  downloadText(svg, exportFileName(options.title, "svg"), "image/svg+xml");
}

/**
 * The chart as a PNG at twice its size: the standalone SVG loaded into an <img> from a blob: URL
 * (the page's CSP allows `img-src blob:` for this) and drawn onto an offscreen canvas.
 */
export async function downloadChartPng(
  container: HTMLElement,
  options: { title: string; legend: readonly ExportLegendEntry[] },
): Promise<void> {
  const { svg, width, height } = chartSvgFile(container, options);
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.decoding = "async";
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error("The chart could not be drawn as an image."));
      image.src = url;
    });
    const scale = 2;
    const canvas = document.createElement("canvas");
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("This browser cannot draw on a canvas.");
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const png = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("The PNG could not be made."))),
        "image/png",
      ),
    );
    downloadBlob(png, exportFileName(options.title, "png"));
  } finally {
    URL.revokeObjectURL(url);
  }
}

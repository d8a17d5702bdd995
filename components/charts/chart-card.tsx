"use client";

import { type ReactNode, useRef, useState } from "react";
import { downloadChartPng, downloadChartSvg, downloadText } from "@/components/exports/browser-download";
import { type ExportLegendEntry, exportFileName } from "@/components/exports/standalone-chart-svg";
import { RunSwatch } from "@/components/runs/run-swatch";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";

type ChartCardProps = {
  title: string;
  description?: ReactNode;
  /** The title of the exported files (more specific than the card's: which runs). */
  exportTitle: string;
  legend: readonly ExportLegendEntry[];
  /** The chart's numbers as CSV, offered beside the images. */
  csv: string;
  testId: string;
  /** Draw `legend` under the chart (false when the chart draws its own). Exports always carry it. */
  showLegend?: boolean;
  /** Under the chart and its legend, outside what is exported (e.g. a run picker). */
  footer?: ReactNode;
  children: ReactNode;
};

/** A chart in a card with its exports: SVG, PNG (drawn in the browser) and its data as CSV. */
export function ChartCard({
  title,
  description,
  exportTitle,
  legend,
  csv,
  testId,
  showLegend = true,
  footer,
  children,
}: ChartCardProps) {
  const chart = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: (container: HTMLElement) => void | Promise<void>) => {
    setError(null);
    try {
      if (chart.current) await work(chart.current);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <Card data-testid={testId}>
      <CardHeader
        title={title}
        description={description}
        actions={
          <>
            <Button
              size="sm"
              variant="ghost"
              data-testid={`${testId}-svg`}
              onClick={() => run((container) => downloadChartSvg(container, { title: exportTitle, legend }))}
            >
              SVG
            </Button>
            <Button
              size="sm"
              variant="ghost"
              data-testid={`${testId}-png`}
              onClick={() => run((container) => downloadChartPng(container, { title: exportTitle, legend }))}
            >
              PNG
            </Button>
            <Button
              size="sm"
              variant="ghost"
              data-testid={`${testId}-csv`}
              onClick={() => downloadText(csv, exportFileName(exportTitle, "csv"), "text/csv;charset=utf-8")}
            >
              CSV
            </Button>
          </>
        }
      />
      <CardBody>
        {error ? (
          <p role="alert" className="mb-2 text-xs text-red-700">
            {error}
          </p>
        ) : null}
        <div ref={chart}>{children}</div>
        {showLegend ? (
          <ul
            className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-zinc-700"
            data-testid={`${testId}-legend`}
          >
            {legend.map((entry) => (
              <li key={entry.name} className="inline-flex items-center gap-1.5">
                <RunSwatch color={entry.color} dash={entry.dash} />
                {entry.name}
              </li>
            ))}
          </ul>
        ) : null}
        {footer}
      </CardBody>
    </Card>
  );
}

import { Card, CardHeader } from "@/components/ui/card";
import { Link } from "@/components/ui/link";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { formatScore } from "@/lib/eval/describe-run-report";
import type { sweepHeatmapData } from "./sweep-chart-data";

/** The amber behind a cell: stronger for a higher recall@5, faint even at 0 so the grid reads as one. */
function cellBackground(recallAt5: number): string {
  return `rgba(217, 119, 6, ${(0.08 + 0.5 * recallAt5).toFixed(2)})`;
}

/** recall@5 of a two-axis sweep, one cell per point linking to its run; the best cell is bold. */
export function SweepHeatmap({ heatmap }: { heatmap: ReturnType<typeof sweepHeatmapData> }) {
  return (
    <Card data-testid="sweep-heatmap">
      <CardHeader
        title={`recall@5: ${heatmap.rowAxis.path} × ${heatmap.columnAxis.path}`}
        description="The best cell is bold; a dash is a skipped, failed or unfinished point."
      />
      {/* fixed layout at its own width: the axis column keeps 10rem and each value column 6rem
          (in the default layout a long axis name widens the first column, and a full-width table
          stretches a few values far apart) */}
      <Table className="table-fixed" style={{ width: `${10 + 6 * heatmap.columnAxis.values.length}rem` }}>
        <THead>
          <Tr>
            <Th className="w-40 whitespace-normal break-words text-xs leading-tight">
              {heatmap.rowAxis.path} ↓ <br />
              {heatmap.columnAxis.path} →
            </Th>
            {heatmap.columnAxis.values.map((value) => (
              <Th key={String(value)} numeric>
                {String(value)}
              </Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {heatmap.cells.map((row, rowIndex) => (
            <Tr key={String(heatmap.rowAxis.values[rowIndex])}>
              <Th scope="row" className="truncate">
                {String(heatmap.rowAxis.values[rowIndex])}
              </Th>
              {row.map((cell, columnIndex) => (
                <Td
                  key={String(heatmap.columnAxis.values[columnIndex])}
                  numeric
                  className={
                    cell?.recallAt5 !== null && cell?.recallAt5 === heatmap.best ? "font-semibold" : ""
                  }
                  style={
                    cell?.recallAt5 == null ? undefined : { backgroundColor: cellBackground(cell.recallAt5) }
                  }
                >
                  {cell ? <Link href={`/runs/${cell.runId}`}>{formatScore(cell.recallAt5)}</Link> : "—"}
                </Td>
              ))}
            </Tr>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}

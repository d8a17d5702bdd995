import { Fragment, type ReactNode } from "react";
import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { exportFileName } from "@/components/exports/standalone-chart-svg";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Link } from "@/components/ui/link";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { formatScore } from "@/lib/eval/describe-run-report";
import { parseStoredQueryMetrics } from "@/lib/eval/query-measure-values";
import { perQueryCsv } from "@/lib/eval/run-csv";

/** One query's row of a run as stored (RunQueryMetric): its metrics JSON and the query it scores. */
type PerQueryRow = {
  queryId: string;
  excluded: boolean;
  metrics: unknown;
  query: { key: string; text: string; position: number };
};

type PerQueryTableProps = {
  rows: readonly PerQueryRow[];
  /** Names the CSV download. */
  runName: string;
  ks: readonly number[];
  /** The query whose passages are open under its row, if any. */
  openQueryId: string | null;
  /** The page's URL with that query's passages open (null: closed). */
  passagesHref: (queryId: string | null) => string;
  /** The open query's passages, rendered under its row. */
  passages: ReactNode;
};

/**
 * recall@k, reciprocal rank, nDCG@10 and judged@10 per query, in set order; a row opens the
 * passages the run retrieved for it, rank by rank, with the labels each satisfies.
 */
export function PerQueryTable({
  rows,
  runName,
  ks,
  openQueryId,
  passagesHref,
  passages,
}: PerQueryTableProps) {
  const ordered = [...rows].sort((a, b) => a.query.position - b.query.position);
  const columns = ks.length + 5;
  return (
    <Card>
      <CardHeader
        title="Per query"
        description="Sorted as in the set; open a query to see what the run retrieved for it. A dash: no relevant labels, left out of the means (or not computed for this run)."
        actions={
          <DownloadCsvButton
            csv={perQueryCsv({ rows, ks })}
            fileName={exportFileName(`Per query — ${runName}`, "csv")}
            testId="per-query-csv"
          />
        }
      />
      <Table data-testid="per-query-table">
        <THead>
          <Tr>
            <Th>#</Th>
            <Th>Query</Th>
            {ks.map((k) => (
              <Th key={k} numeric>
                R@{k}
              </Th>
            ))}
            <Th numeric>RR</Th>
            <Th numeric title="nDCG@10">
              nDCG@10
            </Th>
            <Th numeric title="Share of the top 10 that some label judges">
              judged@10
            </Th>
          </Tr>
        </THead>
        <TBody>
          {ordered.map((row) => {
            const values = parseStoredQueryMetrics(row.metrics);
            const open = row.queryId === openQueryId;
            const value = (number: number | undefined) => (row.excluded ? "—" : formatScore(number));
            return (
              <Fragment key={row.queryId}>
                <Tr
                  className={cx(open && "bg-brand-50/40")}
                  data-testid="per-query-row"
                  data-query-id={row.queryId}
                >
                  <Td className="font-mono text-xs text-zinc-500">{row.query.key}</Td>
                  <Td>
                    <Link
                      href={passagesHref(open ? null : row.queryId)}
                      scroll={false}
                      aria-expanded={open}
                      className="group inline-flex items-baseline gap-1.5 rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      data-testid="open-passages"
                    >
                      <span
                        aria-hidden="true"
                        className="text-[10px] text-zinc-400 group-hover:text-zinc-700"
                      >
                        {open ? "▾" : "▸"}
                      </span>
                      {row.query.text}
                    </Link>
                  </Td>
                  {ks.map((k) => (
                    <Td key={k} numeric>
                      {value(values.recall?.[k])}
                    </Td>
                  ))}
                  <Td numeric>{value(values.reciprocalRank)}</Td>
                  <Td numeric>{value(values.ndcg?.[10])}</Td>
                  <Td numeric className="text-zinc-500">
                    {value(values.judged?.[10])}
                  </Td>
                </Tr>
                {open ? (
                  <tr>
                    <td colSpan={columns} className="border-zinc-200 border-y bg-zinc-50/60 px-4 py-3">
                      {passages}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </TBody>
      </Table>
    </Card>
  );
}

import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { REPORTED_KS } from "@/lib/configs/config-schema";
import { formatScore } from "@/lib/eval/describe-run-report";

/** One query's row of a run as stored (RunQueryMetric): its metrics JSON and the query it scores. */
export type PerQueryRow = {
  queryId: string;
  excluded: boolean;
  metrics: unknown;
  query: { key: string; text: string; position: number };
};

/** The per-query metrics JSON (lib/db/runs saveRunOutcome); excluded queries store only `returned`. */
type StoredQueryMetrics = { recall?: Record<string, number>; reciprocalRank?: number };

/** recall@k and reciprocal rank per query, in set order, each query linking to its labeling page. */
export function PerQueryTable({ setId, rows }: { setId: string; rows: readonly PerQueryRow[] }) {
  const ordered = [...rows].sort((a, b) => a.query.position - b.query.position);
  return (
    <Card>
      <CardHeader
        title="Per query"
        description="Sorted as in the set. A dash: no relevant labels, excluded from the means."
      />
      <Table>
        <THead>
          <Tr>
            <Th>#</Th>
            <Th>Query</Th>
            {REPORTED_KS.map((k) => (
              <Th key={k} numeric>
                R@{k}
              </Th>
            ))}
            <Th numeric>RR</Th>
          </Tr>
        </THead>
        <TBody>
          {ordered.map((row) => {
            const values = (row.metrics ?? {}) as StoredQueryMetrics;
            return (
              <Tr key={row.queryId}>
                <Td className="font-mono text-xs text-zinc-500">{row.query.key}</Td>
                <Td>
                  <Link className="hover:underline" href={`/sets/${setId}/queries/${row.queryId}`}>
                    {row.query.text}
                  </Link>
                </Td>
                {REPORTED_KS.map((k) => (
                  <Td key={k} numeric>
                    {row.excluded ? "—" : formatScore(values.recall?.[k])}
                  </Td>
                ))}
                <Td numeric>{row.excluded ? "—" : formatScore(values.reciprocalRank)}</Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </Card>
  );
}

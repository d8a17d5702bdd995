import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { labelStateSchema, labelStateTone } from "@/lib/anchor/label-state";
import type { RunResolution } from "@/lib/eval/run-report-schema";

/** At most this many labels are listed; the counts above the table cover them all. */
const MAX_LISTED = 200;

const severity: readonly string[] = labelStateSchema.options;

function orderBySeverity<T extends { state: string }>(labels: readonly T[]): T[] {
  return [...labels].sort((a, b) => severity.indexOf(a.state) - severity.indexOf(b.state));
}

/** The labels of a run's report that did not resolve exactly, most trouble first. */
export function UnresolvedLabelsTable({ labels }: { labels: RunResolution["labels"] }) {
  return (
    <Card data-testid="resolution-labels">
      <CardHeader
        title="Labels that did not resolve exactly"
        description="Relocated: the quote moved. Fuzzy: found with small edits. Orphaned: gone, excluded from the scores; re-anchor it on the labeling page."
      />
      <Table>
        <THead>
          <Tr>
            <Th>State</Th>
            <Th>Label</Th>
            <Th>Quote</Th>
            <Th numeric>Was at</Th>
            <Th numeric>Now at</Th>
          </Tr>
        </THead>
        <TBody>
          {orderBySeverity(labels)
            .slice(0, MAX_LISTED)
            .map((label) => (
              <Tr key={label.id} data-testid="resolution-label" data-state={label.state}>
                <Td>
                  <Badge tone={labelStateTone(label.state)}>{label.state}</Badge>
                  {label.split ? <Badge className="ml-1">split</Badge> : null}
                </Td>
                <Td className="whitespace-nowrap font-mono text-xs">
                  {label.id} · {label.document}
                </Td>
                <Td className="max-w-xl truncate text-zinc-600" title={label.exact ?? undefined}>
                  {label.exact ?? "(whole document)"}
                </Td>
                <Td numeric className="whitespace-nowrap text-xs">
                  {label.from ? `${label.from.start}–${label.from.end}` : "—"}
                </Td>
                <Td numeric className="whitespace-nowrap text-xs">
                  {label.to ? `${label.to.start}–${label.to.end}` : "—"}
                </Td>
              </Tr>
            ))}
        </TBody>
      </Table>
    </Card>
  );
}

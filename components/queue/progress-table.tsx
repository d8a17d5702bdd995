import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { AnnotatorProgress } from "@/lib/labeling/summarize-annotator-progress";

const formatCount = (value: number) => value.toLocaleString("en-US");

/** Per-annotator progress in a set (definitions: lib/sets/query-counts.ts): assigned, acted on, remaining, queries labeled, labels made. */
export function ProgressTable({ rows, meId }: { rows: AnnotatorProgress[]; meId: string }) {
  return (
    <Table data-testid="annotator-progress">
      <THead>
        <tr>
          <Th>Annotator</Th>
          <Th numeric>Assigned</Th>
          <Th numeric title="Queries they marked done, “no answer in corpus” included">
            Done
          </Th>
          <Th numeric>Skipped</Th>
          <Th numeric>Can’t judge</Th>
          <Th numeric title="Assigned queries not acted on yet">
            Remaining
          </Th>
          <Th numeric title="Queries with at least one label of theirs, any grade, marked done or not">
            Queries labeled
          </Th>
          <Th numeric title="Labels of any grade, 0 included">
            Labels
          </Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Tr key={row.user.id} data-testid="progress-row" data-email={row.user.email}>
            <Td>
              {row.user.name}
              {row.user.id === meId ? <span className="ml-1 text-xs text-zinc-400">(you)</span> : null}
              <span className="ml-2 text-xs text-zinc-400">{row.user.role}</span>
            </Td>
            <Td numeric data-testid="progress-assigned">
              {formatCount(row.assigned)}
            </Td>
            <Td numeric data-testid="progress-done">
              {formatCount(row.done)}
            </Td>
            <Td numeric>{formatCount(row.skipped)}</Td>
            <Td numeric>{formatCount(row.cannotJudge)}</Td>
            <Td
              numeric
              data-testid="progress-remaining"
              className={row.remaining > 0 ? "font-medium" : "text-zinc-400"}
            >
              {formatCount(row.remaining)}
            </Td>
            <Td numeric data-testid="progress-labeled-queries">
              {formatCount(row.labeledQueries)}
            </Td>
            <Td numeric>{formatCount(row.labels)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

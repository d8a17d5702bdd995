import type { ReactNode } from "react";
import { gradeLabel } from "@/components/labeling/grade-tones";
import { truncateMiddle } from "@/components/labeling/quote-preview";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format-date";
import { Link } from "@/components/ui/link";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { LabelHistoryRow } from "@/lib/db/label-events";
import { labelEventAction, labelEventActor, labelEventGrades, labelEventOwner } from "./label-event-view";

type LabelHistoryTableProps = {
  setId: string;
  rows: LabelHistoryRow[];
  gradeScale: { grade: number; name: string }[];
  /** The Restore control of a restorable deletion (admins only). */
  restoreControl: (row: LabelHistoryRow) => ReactNode;
};

/** A set's label history, newest first: one row per event, dense. */
export function LabelHistoryTable({ setId, rows, gradeScale, restoreControl }: LabelHistoryTableProps) {
  return (
    <Table data-testid="label-history">
      <THead>
        <tr>
          <Th>When</Th>
          <Th>Who</Th>
          <Th>Action</Th>
          <Th>Query</Th>
          <Th>Document</Th>
          <Th>Quote</Th>
          <Th>Label by</Th>
          <Th numeric title="Grade before → after">
            Grade
          </Th>
          <Th className="w-24">
            <span className="sr-only">Restore</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((row) => {
          const action = labelEventAction(row.action);
          const snapshot = row.after ?? row.before;
          const grades = labelEventGrades(row);
          const owner = labelEventOwner(row);
          const gradeTitle = [grades.before, grades.after]
            .map((grade) => (grade === null ? "none" : gradeLabel(grade, gradeScale)))
            .join(" → ");
          return (
            <Tr key={row.id} data-testid="history-row" data-action={row.action} data-label-id={row.labelId}>
              <Td className="whitespace-nowrap text-xs text-zinc-500 tabular-nums">
                {formatDateTime(row.createdAt)}
              </Td>
              <Td className="max-w-40 truncate text-xs" title={row.actorEmail || undefined}>
                {labelEventActor(row)}
              </Td>
              <Td>
                <Badge tone={action.tone} title={action.hint}>
                  {action.label}
                </Badge>
              </Td>
              <Td className="max-w-56">
                {row.query ? (
                  <Link
                    href={`/sets/${setId}/queries/${row.query.id}`}
                    className="block truncate text-zinc-900 hover:underline"
                    title={row.query.text}
                  >
                    <span className="text-zinc-400 text-xs tabular-nums">{row.query.key}</span>{" "}
                    {row.query.text}
                  </Link>
                ) : (
                  <span className="text-xs text-zinc-400 italic">removed query</span>
                )}
              </Td>
              <Td className="max-w-40 truncate text-xs" title={row.document?.title}>
                {row.document?.externalId ?? <span className="text-zinc-400 italic">removed document</span>}
              </Td>
              <Td className="max-w-72 text-xs text-zinc-700">
                {snapshot?.exact ? (
                  <q className="line-clamp-2" title={snapshot.exact}>
                    {truncateMiddle(snapshot.exact, 120)}
                  </q>
                ) : snapshot ? (
                  <span className="text-zinc-500 italic">Whole document</span>
                ) : null}
              </Td>
              <Td className="max-w-40 text-xs text-zinc-500" title={owner.detail ?? undefined}>
                <span className="block truncate" data-testid="history-label-by">
                  {owner.name}
                </span>
                {owner.from ? (
                  <span className="line-clamp-2 text-zinc-400" data-testid="history-label-from">
                    {owner.from}
                  </span>
                ) : null}
              </Td>
              <Td numeric className="whitespace-nowrap text-xs" title={gradeTitle}>
                <span className={grades.before === null ? "text-zinc-300" : "text-zinc-500"}>
                  {grades.before ?? "–"}
                </span>
                <span className="px-1 text-zinc-300" aria-hidden="true">
                  →
                </span>
                <span className={grades.after === null ? "text-zinc-300" : "font-medium text-zinc-900"}>
                  {grades.after ?? "–"}
                </span>
              </Td>
              <Td align="right">{row.restorable ? restoreControl(row) : null}</Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}

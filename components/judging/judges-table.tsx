import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { formatDay } from "@/components/ui/format-date";
import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { JudgeRow } from "@/lib/db/judges";

type JudgesTableProps = {
  judges: JudgeRow[];
  /** The archive button of one judge (a client form bound to it). */
  archiveButton: (judge: JudgeRow) => ReactNode;
  /** The judge being edited, highlighted. */
  editingId?: string;
};

/** Host and path of a base URL, without the scheme: the endpoint at a glance. */
function endpointOf(baseUrl: string): string {
  return baseUrl.replace(/^https?:\/\//, "").replace(/\/+$/, "");
}

/** The judges, latest version of each name first (as listJudges orders them). */
export function JudgesTable({ judges, archiveButton, editingId }: JudgesTableProps) {
  return (
    <Table data-testid="judges-table">
      <THead>
        <tr>
          <Th>Judge</Th>
          <Th>Model</Th>
          <Th>Endpoint</Th>
          <Th>Key variable</Th>
          <Th>Prompt</Th>
          <Th numeric>Budget</Th>
          <Th>Used</Th>
          <Th>Created</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {judges.map((judge) => (
          <Tr
            key={judge.id}
            data-testid="judge-row"
            data-name={judge.name}
            data-version={judge.version}
            className={judge.id === editingId ? "bg-brand-50/50" : undefined}
          >
            <Td className="whitespace-nowrap font-medium text-zinc-900">
              {judge.name} <span className="font-normal text-zinc-500">v{judge.version}</span>
              {judge.archivedAt ? (
                <Badge tone="neutral" className="ml-1.5">
                  archived
                </Badge>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap font-mono text-xs">{judge.settings.model}</Td>
            <Td className="max-w-56 truncate font-mono text-xs text-zinc-600" title={judge.settings.baseUrl}>
              {endpointOf(judge.settings.baseUrl)}
            </Td>
            <Td className="font-mono text-xs text-zinc-600">
              {judge.settings.apiKeyVariable ?? <span className="font-sans text-zinc-400">none</span>}
            </Td>
            <Td className="whitespace-nowrap font-mono text-xs text-zinc-600">
              {judge.settings.promptVersion}
            </Td>
            <Td numeric className="whitespace-nowrap text-xs">
              {judge.settings.maxCalls === undefined ? (
                <span className="text-zinc-400">none</span>
              ) : (
                `${formatCount(judge.settings.maxCalls)} calls`
              )}
            </Td>
            <Td>
              {judge.used ? (
                <Badge tone="blue" title="It has judged: an edit makes a new version">
                  used
                </Badge>
              ) : (
                <span className="whitespace-nowrap text-xs text-zinc-400">not yet</span>
              )}
            </Td>
            <Td className="whitespace-nowrap text-xs text-zinc-500">{formatDay(judge.createdAt)}</Td>
            <Td className="whitespace-nowrap text-right">
              {judge.archivedAt ? null : (
                <span className="inline-flex items-center gap-1">
                  <Link
                    href={`/judges?edit=${encodeURIComponent(judge.id)}`}
                    className="rounded px-2 py-1 font-medium text-xs text-zinc-600 hover:bg-zinc-100"
                    aria-label={`Edit ${judge.name} v${judge.version}`}
                    data-testid="edit-judge"
                  >
                    Edit
                  </Link>
                  {archiveButton(judge)}
                </span>
              )}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

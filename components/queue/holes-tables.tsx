import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format-date";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { HoleRunView, HoleView } from "@/lib/queue/load-holes";

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Per run: how many of its top-k results are holes, and judged@k with today's judgments. */
export function HoleRunsTable({ runs, k }: { runs: HoleRunView[]; k: number }) {
  return (
    <Table data-testid="hole-runs">
      <THead>
        <tr>
          <Th>Run</Th>
          <Th>Scoring</Th>
          <Th numeric title="Queries with a relevant judgment now, which judged@k is averaged over">
            Evaluated
          </Th>
          <Th numeric title={`Results in the top ${k} that no judgment covers`}>
            Holes
          </Th>
          <Th
            numeric
            title={`The share of the top ${k} that some judgment (grade 0 included) covers, with the labels as they are now`}
          >
            judged@{k} now
          </Th>
        </tr>
      </THead>
      <TBody>
        {runs.map((run) => (
          <Tr key={run.runId} data-testid="hole-run-row" data-run-id={run.runId}>
            <Td>
              <Link href={`/runs/${run.runId}`} className="text-zinc-900 hover:underline">
                {run.name}
              </Link>
              <span className="ml-2 text-xs text-zinc-400">{formatDateTime(run.createdAt)}</span>
            </Td>
            <Td className="text-xs text-zinc-500">
              {run.mode === "document" ? "by document" : `by label, coverage ≥ ${run.coverage}`}
            </Td>
            <Td numeric>{run.queries}</Td>
            <Td numeric data-testid="hole-run-holes">
              {run.holes}
            </Td>
            <Td numeric data-testid="hole-run-judged">
              {percent(run.judged)}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** The holes in set order, each a link that opens it in the workspace. */
export function HolesTable({
  holes,
  runNames,
}: {
  holes: (HoleView & { href: string })[];
  runNames: ReadonlyMap<string, string>;
}) {
  return (
    <Table data-testid="holes">
      <THead>
        <tr>
          <Th className="w-12" numeric>
            #
          </Th>
          <Th>Query</Th>
          <Th>Document</Th>
          <Th>Passage</Th>
          <Th>Ranked by</Th>
        </tr>
      </THead>
      <TBody>
        {holes.map((hole) => (
          <Tr
            key={`${hole.queryId}|${hole.documentId}|${hole.start}|${hole.wholeDocument}`}
            data-testid="hole-row"
          >
            <Td numeric className="text-xs text-zinc-400">
              {hole.query.position}
            </Td>
            <Td className="max-w-56">
              <Link
                href={hole.href}
                className="block truncate text-zinc-900 hover:underline"
                data-testid="hole-link"
              >
                {hole.query.text}
              </Link>
            </Td>
            <Td className="max-w-48">
              <span className="block truncate text-zinc-700" title={hole.document.externalId}>
                {hole.document.title}
              </span>
              {hole.wholeDocument ? <Badge tone="neutral">whole document</Badge> : null}
            </Td>
            <Td className="max-w-xl">
              <span className="line-clamp-2 text-xs text-zinc-600">{hole.excerpt}</span>
            </Td>
            <Td className="whitespace-nowrap text-xs text-zinc-500">
              {hole.runs.map((entry) => `${runNames.get(entry.runId) ?? "a run"} #${entry.rank}`).join(", ")}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

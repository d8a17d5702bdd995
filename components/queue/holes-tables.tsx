import { runColor, runStrokeDash } from "@/components/runs/run-color";
import { RunSwatch } from "@/components/runs/run-swatch";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format-date";
import { Link } from "@/components/ui/link";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { HoleRunView, HoleView } from "@/lib/queue/load-holes";

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const count = (value: number) => value.toLocaleString("en-US");

/** A run's line sample in its colour, as every chart and run list draws it. */
function RunMark({ ordinal }: { ordinal: number }) {
  return <RunSwatch color={runColor(ordinal)} dash={runStrokeDash(ordinal)} />;
}

/**
 * Per run: how many holes it retrieved in its top k (a hole several runs retrieved counts for each
 * of them), and judged@k with today's judgments.
 */
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
          <Th
            numeric
            title={`Holes this run retrieved in its top ${k}: passages no judgment covers (a hole several runs retrieved counts for each)`}
          >
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
              <span className="inline-flex items-center gap-2">
                <RunMark ordinal={run.ordinal} />
                <Link href={`/runs/${run.runId}`} className="text-zinc-900 hover:underline">
                  {run.name}
                </Link>
              </span>
              <span className="ml-2 text-xs text-zinc-400">{formatDateTime(run.createdAt)}</span>
            </Td>
            <Td className="text-xs text-zinc-500">
              {run.mode === "document" ? "by document" : `by label, coverage ≥ ${run.coverage}`}
            </Td>
            <Td numeric>{count(run.queries)}</Td>
            <Td numeric data-testid="hole-run-holes">
              {count(run.holes)}
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

/**
 * The holes in set order, each a link that opens it in the workspace: its passage (snapped to word
 * and sentence edges) and every run that retrieved it, with the run's colour and rank.
 */
export function HolesTable({
  holes,
  runs,
}: {
  holes: (HoleView & { href: string })[];
  runs: readonly Pick<HoleRunView, "runId" | "name" | "ordinal">[];
}) {
  const runById = new Map(runs.map((run) => [run.runId, run]));
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
          <Th>Retrieved by</Th>
        </tr>
      </THead>
      <TBody>
        {holes.map((hole) => (
          <Tr
            key={`${hole.queryId}|${hole.documentId}|${hole.start}-${hole.end}|${hole.wholeDocument}`}
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
              <span
                className="line-clamp-2 text-xs text-zinc-600"
                data-testid="hole-passage"
                data-start={hole.start}
                data-end={hole.end}
              >
                {hole.excerpt.trim()}
              </span>
            </Td>
            <Td className="text-xs text-zinc-500" data-testid="hole-runs">
              <ul className="space-y-0.5">
                {hole.runs.map((entry) => {
                  const run = runById.get(entry.runId);
                  return (
                    <li key={entry.runId} className="flex items-center gap-1.5 whitespace-nowrap">
                      {run ? <RunMark ordinal={run.ordinal} /> : null}
                      <span className="max-w-48 truncate" title={run?.name}>
                        {run?.name ?? "a run"}
                      </span>
                      <span className="tabular-nums text-zinc-400">#{entry.rank}</span>
                    </li>
                  );
                })}
              </ul>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

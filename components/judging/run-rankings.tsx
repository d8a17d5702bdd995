import { Card, CardHeader } from "@/components/ui/card";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { JudgeReportView } from "@/lib/db/judge-report";
import { type RankedRun, rankRuns } from "./report-figures";

function Ranking({ title, runs, testId }: { title: string; runs: RankedRun[]; testId: string }) {
  return (
    <div className="min-w-0">
      <Table data-testid={testId}>
        <THead>
          <tr>
            <Th numeric className="w-10">
              #
            </Th>
            <Th>{title}</Th>
            <Th numeric>nDCG@10</Th>
          </tr>
        </THead>
        <TBody>
          {runs.map((run) => (
            <Tr key={run.runId}>
              <Td numeric className="text-zinc-500 tabular-nums">
                {run.rank}
              </Td>
              <Td className="truncate text-xs">{run.label}</Td>
              <Td numeric className="tabular-nums">
                {run.score.toFixed(3)}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}

/** The chosen runs ranked by nDCG@10 under people's qrels and under the judge's, side by side. */
export function RunRankings({ report }: { report: JudgeReportView }) {
  const labels = new Map(report.runs.map((run) => [run.id, run.label]));
  const { people, judge } = rankRuns(report.runScores, labels);
  return (
    <Card>
      <CardHeader
        title="Runs ranked both ways"
        description="If the judge would reorder the runs you compare, do not pick a winner from its judgments. Unjudged results count as not relevant on both sides."
      />
      {report.runScores.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-zinc-500">
          No finished runs on this set: evaluate two or more configurations to compare their order.
        </p>
      ) : (
        <div className="grid gap-px bg-zinc-100 md:grid-cols-2">
          <div className="bg-white">
            <Ranking title="By people's judgments" runs={people} testId="ranking-people" />
          </div>
          <div className="bg-white">
            <Ranking title="By the judge's judgments" runs={judge} testId="ranking-judge" />
          </div>
        </div>
      )}
    </Card>
  );
}

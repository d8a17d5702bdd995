import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { StatusBadge } from "@/components/ui/status-badge";
import type { SetHealth } from "@/lib/curation/get-set-health";
import { ClassCoverageChart } from "./class-coverage-chart";
import { LabeledSizeBar } from "./labeled-size-bar";

const count = new Intl.NumberFormat("en");

const statusOrder = ["unlabeled", "in_progress", "labeled", "no_answer", "skipped"] as const;

/** Is the set ready to gate decisions? Size, statuses, relevance, annotators, class coverage. */
export function SetHealthPanel({ health }: { health: SetHealth }) {
  const { coverage } = health;
  const comparedWith =
    coverage.comparedWith.kind === "logs"
      ? coverage.comparedWith.names.length === 1
        ? (coverage.comparedWith.names[0] ?? "the log")
        : `its ${coverage.comparedWith.names.length} logs`
      : "all logs";
  return (
    <Card className="mb-5" data-testid="set-health">
      <CardHeader
        title="Set health"
        description="Whether the set is big enough, labeled enough and covers what users ask."
      />
      <CardBody className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <LabeledSizeBar relevant={health.counts.withRelevantLabels} />
          <div>
            <h3 className="mb-1.5 font-medium text-xs text-zinc-500">Queries by status</h3>
            <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs" data-testid="set-health-status">
              {statusOrder.map((status) => (
                <li key={status} className="flex items-center gap-1.5">
                  <StatusBadge status={status} />
                  <span className="text-zinc-800 tabular-nums">{count.format(health.byStatus[status])}</span>
                </li>
              ))}
            </ul>
          </div>
          <p className="text-xs text-zinc-600" data-testid="set-health-no-relevant">
            <span className="font-semibold text-zinc-900 tabular-nums">
              {count.format(health.noRelevantPassage)}
            </span>{" "}
            {health.noRelevantPassage === 1 ? "query has" : "queries have"} no relevant passage (labeled, but
            no label at the relevant grade, or “no answer in the corpus”). Runs leave them out of their means:
            there is nothing for a configuration to find.
          </p>
          <div>
            <h3 className="mb-1.5 font-medium text-xs text-zinc-500">Annotators</h3>
            {health.annotators.length === 0 ? (
              <p className="text-xs text-zinc-400">No labels yet.</p>
            ) : (
              <table className="w-full text-xs" data-testid="set-health-annotators">
                <thead>
                  <tr className="text-zinc-400">
                    <th scope="col" className="py-0.5 text-left font-medium">
                      Annotator
                    </th>
                    <th scope="col" className="py-0.5 text-right font-medium">
                      Queries labeled
                    </th>
                    <th scope="col" className="py-0.5 text-right font-medium">
                      Labels
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100">
                  {health.annotators.map((annotator) => (
                    <tr key={annotator.annotatorId ?? "none"}>
                      <td className="py-1 text-zinc-800">{annotator.name}</td>
                      <td className="py-1 text-right tabular-nums">{count.format(annotator.queries)}</td>
                      <td className="py-1 text-right text-zinc-500 tabular-nums">
                        {count.format(annotator.labels)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </div>
        <div>
          <h3 className="mb-1.5 flex items-center gap-2 font-medium text-xs text-zinc-500">
            Class coverage
            {coverage.underCovered > 0 ? (
              <Badge tone="red" data-testid="under-covered-count">
                {coverage.underCovered} under-covered
              </Badge>
            ) : coverage.rows.length > 0 ? (
              <Badge tone="green">covers the log's mix</Badge>
            ) : null}
          </h3>
          {coverage.setTotal === 0 ? (
            <p className="text-xs text-zinc-400" data-testid="class-coverage">
              Add queries to see how they cover the log's classes.
            </p>
          ) : coverage.comparedWith.kind === "none" ? (
            <p className="text-xs text-zinc-400" data-testid="class-coverage">
              No query log imported: nothing to compare the set's classes with.
            </p>
          ) : (
            <>
              <ClassCoverageChart rows={coverage.rows} comparedWith={comparedWith} />
              <p className="mt-2 text-[11px] text-zinc-400">
                Flagged “low” when the log has the class and the set has none, or the log's share is more than
                twice the set's. Queries typed in by hand are classified here.
              </p>
            </>
          )}
        </div>
      </CardBody>
    </Card>
  );
}

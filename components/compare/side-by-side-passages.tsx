import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Link } from "@/components/ui/link";
import type { PassageRow, QueryPassages as QueryPassagesData } from "@/lib/comparisons/build-query-passages";
import { type ComparisonParams, comparisonHref } from "@/lib/comparisons/comparison-params";
import type { PassageJudgement } from "@/lib/eval/mark-passages";
import { formatShare } from "@/lib/eval/partial-credit";
import { RunDot, RunName } from "./run-swatch";

type PassageRun = { id: string; name: string; ordinal: number; baseline: boolean };

const judgementStyles: Record<PassageJudgement, string> = {
  relevant: "border-l-emerald-500 bg-emerald-50/40",
  "not-relevant": "border-l-zinc-300",
  unjudged: "border-dashed border-l-zinc-300",
};

/**
 * One query's passages in the baseline and in one run, rank by rank: each marked with the labels
 * it satisfies (L-numbers, listed above with their grades and quotes), as judged not relevant, or
 * as unjudged; each shows where the other run ranked the same passage.
 */
export function SideBySidePassages(props: {
  setId: string;
  state: ComparisonParams;
  query: { id: string; key: string; text: string };
  data: QueryPassagesData;
  runs: PassageRun[];
  runId: string;
}) {
  const byId = new Map(props.runs.map((run) => [run.id, run]));
  const others = props.runs.filter((run) => !run.baseline);
  const closeHref = comparisonHref(props.setId, { ...props.state, query: undefined, against: undefined });
  return (
    <Card id="passages" data-testid="query-passages" className="scroll-mt-4">
      <CardHeader
        title={
          <span className="flex items-baseline gap-2">
            <span className="font-mono text-xs text-zinc-400">{props.query.key}</span>
            <span data-testid="passages-query">{props.query.text}</span>
          </span>
        }
        description="Rank by rank. Green: satisfies a relevant label (L-numbers below); solid grey: judged not relevant; dashed: unjudged, no label covers it."
        actions={
          <Link
            scroll={false}
            href={closeHref}
            className="rounded-md px-2 py-1 text-xs text-zinc-500 hover:bg-zinc-100"
          >
            Close
          </Link>
        }
      />
      <nav
        aria-label="Run beside the baseline"
        className="flex flex-wrap items-center gap-1 border-zinc-100 border-b px-4 py-2"
      >
        <span className="mr-1 text-xs text-zinc-500">Beside the baseline:</span>
        {others.map((run) => (
          <Link
            key={run.id}
            scroll={false}
            href={`${comparisonHref(props.setId, { ...props.state, query: props.query.id, against: run.id })}#passages`}
            aria-current={run.id === props.runId ? "true" : undefined}
            className={cx(
              "inline-flex max-w-[14rem] items-center gap-1.5 rounded-md px-2 py-1 text-xs",
              run.id === props.runId ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100",
            )}
            data-testid="passages-run"
          >
            <RunDot ordinal={run.ordinal} />
            <span className="truncate">{run.name}</span>
          </Link>
        ))}
      </nav>
      <LabelList data={props.data} runs={props.runs} />
      <div className="grid divide-zinc-100 lg:grid-cols-2 lg:divide-x">
        {props.data.sides.map((side) => {
          const run = byId.get(side.runId);
          return (
            <section
              key={side.runId}
              className="min-w-0"
              data-testid="passages-side"
              data-run-id={side.runId}
            >
              <div className="flex items-center justify-between gap-2 border-zinc-100 border-b px-4 py-2">
                {run ? (
                  <RunName
                    id={run.id}
                    name={run.name}
                    ordinal={run.ordinal}
                    baseline={run.baseline}
                    className="text-sm"
                  />
                ) : null}
                <span className="shrink-0 text-[11px] text-zinc-500">
                  {side.judged.relevant} relevant · {side.judged["not-relevant"]} not relevant ·{" "}
                  {side.judged.unjudged} unjudged
                </span>
              </div>
              {side.passages.length === 0 ? (
                <p className="px-4 py-6 text-center text-xs text-zinc-500">
                  This run returned nothing for the query.
                </p>
              ) : (
                <ol className="space-y-1.5 p-3">
                  {side.passages.map((passage) => (
                    <PassageItem key={passage.rank} passage={passage} baseline={run?.baseline ?? false} />
                  ))}
                </ol>
              )}
            </section>
          );
        })}
      </div>
    </Card>
  );
}

function LabelList({ data, runs }: { data: QueryPassagesData; runs: PassageRun[] }) {
  if (data.labels.length === 0) {
    return (
      <p className="border-zinc-100 border-b px-4 py-2 text-xs text-zinc-500">
        This query has no labels the runs scored.
      </p>
    );
  }
  const sideRuns = data.sides.map((side) => runs.find((run) => run.id === side.runId));
  return (
    <ul className="space-y-1 border-zinc-100 border-b px-4 py-2.5 text-xs" data-testid="passages-labels">
      {data.labels.map((label) => (
        <li key={label.number} className="flex min-w-0 items-baseline gap-2">
          <Badge tone={label.relevant ? "green" : "neutral"} className="shrink-0 font-mono">
            L{label.number} · {label.grade}
          </Badge>
          <span className="shrink-0 font-mono text-zinc-500">{label.document}</span>
          <span className="truncate text-zinc-700" title={label.exact ?? "the whole document"}>
            {label.exact ? `“${label.exact}”` : "whole document"}
          </span>
          <span className="ml-auto shrink-0 whitespace-nowrap text-zinc-500">
            {sideRuns.map((run, index) => {
              const rank = run ? label.firstRank[run.id] : null;
              return (
                <span key={run?.id ?? index} className="ml-3 inline-flex items-center gap-1">
                  {run ? <RunDot ordinal={run.ordinal} baseline={run.baseline} /> : null}
                  {rank ? `rank ${rank}` : "not found"}
                </span>
              );
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PassageItem({ passage, baseline }: { passage: PassageRow; baseline: boolean }) {
  return (
    <li
      className={cx(
        "rounded-r-md border border-zinc-100 border-l-[3px] px-2.5 py-1.5",
        judgementStyles[passage.judgement],
      )}
      data-testid="passage"
      data-judgement={passage.judgement}
    >
      <div className="flex min-w-0 items-center gap-2 text-[11px]">
        <span className="w-5 shrink-0 text-right font-semibold text-zinc-900 tabular-nums">
          {passage.rank}
        </span>
        <span className="shrink-0 font-mono text-zinc-500">{passage.document}</span>
        <span className="truncate text-zinc-500" title={passage.title}>
          {passage.title}
        </span>
        <span className="ml-auto flex shrink-0 items-center gap-1">
          {passage.labels.map((label) => (
            <Badge
              key={label.number}
              tone={label.relevant ? "green" : "neutral"}
              className={cx("font-mono", passage.firstHits.includes(label.number) && "ring-emerald-400")}
              title={
                passage.firstHits.includes(label.number)
                  ? "First passage to satisfy this label"
                  : "Satisfies this label"
              }
            >
              L{label.number}
            </Badge>
          ))}
          {passage.partial ? (
            <Badge
              tone="amber"
              className="font-mono"
              title={`Holds ${formatShare(passage.partial.share)} of label ${passage.partial.number}: below the run's θ, so recall counts it a miss; partial recall credits the share`}
              data-testid="passage-partial"
            >
              {formatShare(passage.partial.share)} of L{passage.partial.number}
            </Badge>
          ) : null}
          {passage.judgement === "unjudged" ? <span className="text-zinc-400 italic">unjudged</span> : null}
          <Movement passage={passage} baseline={baseline} />
        </span>
      </div>
      <p className="mt-1 line-clamp-2 pl-7 text-xs text-zinc-700 leading-relaxed">{passage.excerpt}</p>
      {passage.changed ? (
        <p className="mt-0.5 pl-7 text-[11px] text-brand-700">
          The document changed since this run: today's text is shown.
        </p>
      ) : null}
    </li>
  );
}

/** Where the other side ranked the same passage: new, dropped, or moved. */
function Movement({ passage, baseline }: { passage: PassageRow; baseline: boolean }) {
  const other = passage.otherRank;
  if (other === null) {
    return <span className="text-zinc-400">{baseline ? "not in run" : "new"}</span>;
  }
  if (other === passage.rank) return <span className="text-zinc-400">same rank</span>;
  if (baseline) return <span className="text-zinc-400">→ {other}</span>;
  const up = other > passage.rank;
  return (
    <span className={up ? "text-emerald-700" : "text-red-700"} title={`Rank ${other} in the baseline`}>
      {up ? "▲" : "▼"} from {other}
    </span>
  );
}

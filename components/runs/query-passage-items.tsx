import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { labelStateTone } from "@/lib/anchor/label-state";
import { formatShare } from "@/lib/eval/partial-credit";
import type { QueryPassages as QueryPassagesData } from "@/lib/runs/load-query-passages";

type QueryLabel = QueryPassagesData["labels"][number];
type Passage = QueryPassagesData["passages"][number];

/** "q-0001#2" → "label 3": the label's place among the query's labels, counted from 1. */
function labelName(id: string): string {
  const index = Number(id.slice(id.lastIndexOf("#") + 1));
  return Number.isInteger(index) ? `label ${index + 1}` : id;
}

/** One of the query's labels as the run resolved it: grade, counted grade, state, anchor. */
export function QueryLabelItem({
  label,
  relevantThreshold,
  grade,
}: {
  label: QueryLabel;
  relevantThreshold: number;
  grade: (value: number) => string;
}) {
  return (
    <li
      className="flex min-w-0 items-baseline gap-1.5"
      data-testid="query-label"
      data-counted-grade={label.countedGrade ?? "none"}
    >
      <span className="shrink-0 font-medium text-zinc-700">label {label.number}</span>
      <Badge tone={(label.countedGrade ?? -1) >= relevantThreshold ? "green" : "neutral"}>
        grade {grade(label.grade)}
      </Badge>
      {label.countedGrade === null ? (
        <Badge tone="neutral" title="Another judgment decided this document (adjudicated): not scored">
          not counted
        </Badge>
      ) : label.countedGrade !== label.grade ? (
        <Badge tone="amber" title="The set's judgment policy caps this grade (README, Which judgments count)">
          counts as {label.countedGrade}
        </Badge>
      ) : null}
      {label.state === "exact" || label.state === "document" ? null : (
        <Badge tone={labelStateTone(label.state) === "red" ? "red" : "amber"}>{label.state}</Badge>
      )}
      <span className="truncate text-zinc-500" title={label.exact ?? undefined}>
        {label.exact ? `“${label.exact}”` : "whole document"} · {label.document}
      </span>
    </li>
  );
}

/** One retrieved passage: rank, document, score, the labels it satisfies, and an excerpt. */
export function PassageItem({
  passage,
  coverage,
  labelingHref,
}: {
  passage: Passage;
  coverage: number;
  labelingHref: string;
}) {
  return (
    <li
      className="grid grid-cols-[2.5rem_minmax(0,1fr)] gap-x-3 px-3 py-2"
      data-testid="passage"
      data-judgement={passage.judgement}
    >
      <span className="pt-px text-right font-semibold text-sm text-zinc-400 tabular-nums">
        {passage.rank}
      </span>
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-1.5 text-xs">
          <Link
            href={`${labelingHref}?doc=${encodeURIComponent(passage.document.id)}`}
            className="truncate font-medium text-zinc-900 hover:underline"
          >
            {passage.document.title}
          </Link>
          {passage.document.externalId && passage.document.externalId !== passage.document.title ? (
            <span className="font-mono text-[11px] text-zinc-400">{passage.document.externalId}</span>
          ) : null}
          <span className="text-zinc-400 tabular-nums">
            score {passage.score.toFixed(3)} · chars {passage.start}–{passage.end}
          </span>
          {passage.labels.map((label) => (
            <Badge
              key={label.identity}
              tone={label.relevant ? "green" : "neutral"}
              data-testid="passage-label"
            >
              {labelName(label.identity)} · grade {label.grade}
            </Badge>
          ))}
          {passage.partial ? (
            <PartialBadge partial={passage.partial} coverage={coverage} name={labelName} />
          ) : null}
          {passage.judgement !== "unjudged" ? null : (
            <Badge
              tone="amber"
              data-testid="passage-unjudged"
              title="No label of this query covers this passage"
            >
              unjudged
            </Badge>
          )}
          {passage.scored ? null : (
            <Badge
              tone="neutral"
              title="Document-level scoring counts each document once, at its first passage"
            >
              document already ranked
            </Badge>
          )}
        </div>
        <p className="line-clamp-3 text-xs text-zinc-600 leading-5">
          {passage.excerpt === null ? (
            <span className="italic text-zinc-400">
              The document has changed since this run; the passage's text is no longer stored.
            </span>
          ) : (
            <>
              {passage.excerpt}
              {passage.truncated ? "…" : ""}
            </>
          )}
        </p>
      </div>
    </li>
  );
}

/** A passage holding part of a relevant label below θ: the share it holds (partial credit). */
function PartialBadge(props: {
  partial: { identity: string; share: number };
  coverage: number;
  name: (identity: string) => string;
}) {
  return (
    <Badge
      tone="amber"
      data-testid="passage-partial"
      title={`Below the run's θ = ${props.coverage}: recall counts this passage a miss for that label; partial recall credits the share it holds`}
    >
      holds {formatShare(props.partial.share)} of {props.name(props.partial.identity)}
    </Badge>
  );
}

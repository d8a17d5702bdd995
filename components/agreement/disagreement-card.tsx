import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import type { DisagreementView, JudgmentLabel } from "@/lib/curation/get-set-agreement";
import type { ActionState } from "@/lib/http/action-state";
import { AdjudicationForm } from "./adjudication-form";

type FormAction<Data> = (state: ActionState<Data>, formData: FormData) => Promise<ActionState<Data>>;

type DisagreementCardProps = {
  item: DisagreementView;
  /** The labeling workspace of the set (`/sets/<id>/queries`). */
  queriesHref: string;
  grades: { grade: number; name: string }[];
  relevantThreshold: number;
  decide: FormAction<{ outcome: "created" | "updated" | "unchanged"; replaced: number }>;
  withdraw: FormAction<{ removed: number }>;
};

const QUOTE_LABEL_LENGTH = 60;

/** One judgment: its grade, and its quote in its stored context (or "whole document"). */
function Judgment({
  label,
  gradeName,
  relevant,
}: {
  label: JudgmentLabel;
  gradeName: string;
  relevant: boolean;
}) {
  return (
    <li className="space-y-1" data-testid="judgment">
      <Badge tone={relevant ? "green" : "neutral"}>
        grade {label.grade} · {gradeName}
      </Badge>
      {label.quote ? (
        <p className="text-xs text-zinc-600 leading-5">
          …{label.quote.prefix}
          <mark className="rounded-sm bg-brand-100 px-0.5 text-zinc-900">{label.quote.exact}</mark>
          {label.quote.suffix}…
        </p>
      ) : (
        <p className="text-xs text-zinc-500 italic">whole document</p>
      )}
    </li>
  );
}

/** An annotator's judgments of the pair, or the decision's. */
function JudgmentList({
  labels,
  grades,
  relevantThreshold,
}: {
  labels: JudgmentLabel[];
  grades: { grade: number; name: string }[];
  relevantThreshold: number;
}) {
  const gradeName = (grade: number) => grades.find((level) => level.grade === grade)?.name ?? "";
  return (
    <ul className="space-y-2">
      {labels.map((label) => (
        <Judgment
          key={label.id}
          label={label}
          gradeName={gradeName(label.grade)}
          relevant={label.grade >= relevantThreshold}
        />
      ))}
    </ul>
  );
}

function shorten(text: string): string {
  return text.length > QUOTE_LABEL_LENGTH ? `${text.slice(0, QUOTE_LABEL_LENGTH - 1)}…` : text;
}

/** What a decision may adopt: the whole document, or one annotator's quote. */
function adjudicationTargets(item: DisagreementView): { value: string; label: string }[] {
  return [
    { value: "document", label: "The whole document" },
    ...item.annotators.flatMap((annotator) =>
      annotator.labels.flatMap((label) =>
        label.quote
          ? [{ value: label.id, label: `${annotator.name}'s quote “${shorten(label.quote.exact)}”` }]
          : [],
      ),
    ),
  ];
}

/** The query, the document (a link into the labeling workspace), the kind of disagreement. */
function DisagreementHeader({
  item,
  queriesHref,
  decided,
}: {
  item: DisagreementView;
  queriesHref: string;
  decided: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 border-zinc-100 border-b px-4 py-2.5">
      <div className="min-w-0">
        <p className="truncate font-medium text-sm text-zinc-900">{item.query.text}</p>
        <p className="truncate text-xs text-zinc-500">
          <Link
            href={`${queriesHref}/${item.query.id}?doc=${encodeURIComponent(item.document.id)}`}
            className="font-medium text-zinc-700 hover:underline"
          >
            {item.document.title}
          </Link>{" "}
          <span className="font-mono text-[11px] text-zinc-400">{item.document.externalId}</span>
        </p>
      </div>
      <div className="flex shrink-0 gap-1.5">
        <Badge tone={item.kind === "relevance" ? "red" : "amber"}>
          {item.kind === "relevance" ? "relevant vs not" : "grades differ"}
        </Badge>
        {decided ? <Badge tone="green">decided</Badge> : null}
      </div>
    </div>
  );
}

/**
 * A (query, document) pair the annotators judged differently: the query, the document (its
 * opening, a link to read it whole), each annotator's quotes and grades side by side, and the
 * decision form (the whole document, or one annotator's quote adopted, with a grade).
 */
export function DisagreementCard(props: DisagreementCardProps) {
  const { item, grades, relevantThreshold } = props;
  const decided = item.decision.length > 0;
  return (
    <li
      className="rounded-lg border border-zinc-200 bg-white shadow-xs"
      data-testid="disagreement"
      data-decided={decided}
      data-query-id={item.query.id}
      data-document-id={item.document.id}
    >
      <DisagreementHeader item={item} queriesHref={props.queriesHref} decided={decided} />
      <div className="grid gap-4 px-4 py-3 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
        <p
          className="line-clamp-6 whitespace-pre-line text-xs text-zinc-500 leading-5"
          title="The document's opening"
        >
          {item.document.opening}
        </p>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {item.annotators.map((annotator) => (
            <section key={annotator.id} className="min-w-0" data-testid="annotator-judgments">
              <h3 className="mb-1 flex items-baseline gap-1.5 font-medium text-xs text-zinc-700">
                {annotator.name}
                <span className="font-normal text-zinc-400">value {annotator.value}</span>
              </h3>
              <JudgmentList labels={annotator.labels} grades={grades} relevantThreshold={relevantThreshold} />
            </section>
          ))}
        </div>
      </div>
      <div className="space-y-2 border-zinc-100 border-t bg-zinc-50/60 px-4 py-2.5">
        {decided ? (
          <div data-testid="decision">
            <p className="mb-1 font-medium text-xs text-zinc-700">
              Decision by {item.decision.map((label) => label.by).join(", ")} — counts instead of the
              annotators' labels
            </p>
            <JudgmentList labels={item.decision} grades={grades} relevantThreshold={relevantThreshold} />
          </div>
        ) : null}
        <AdjudicationForm
          queryId={item.query.id}
          documentId={item.document.id}
          targets={adjudicationTargets(item)}
          grades={grades}
          decide={props.decide}
          withdraw={decided ? props.withdraw : undefined}
        />
      </div>
    </li>
  );
}

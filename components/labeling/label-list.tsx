import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { Link } from "@/components/ui/link";
import type { AnchorState } from "@/lib/anchor/label-state";
import { gradeLabel, gradeTone } from "./grade-tones";
import { truncateMiddle } from "./quote-preview";
import type { GradeLevel, LabelView } from "./types";

type LabelListProps = {
  /** In display order (label-order.ts). */
  labels: LabelView[];
  openDocumentId: string | null;
  gradeScale: GradeLevel[];
  documentHref: (documentId: string) => string;
  /** Titles of known documents (the candidates), by id. */
  titles: Map<string, string>;
  /** The label picked for a grade change or deletion by key. */
  selectedId: string | null;
  /** A write is under way: grade changes wait for it. */
  pending: boolean;
  onSelect: (labelId: string) => void;
  onDelete: (label: LabelView) => void;
  onChangeGrade: (label: LabelView, grade: number) => void;
  /** Outline the label's highlight in the open document (null: none). */
  onActivate: (labelId: string | null) => void;
};

const stateTones: Record<Exclude<AnchorState, "exact">, BadgeTone> = {
  relocated: "blue",
  fuzzy: "amber",
  ambiguous: "violet",
  orphaned: "red",
};

const stateHints: Record<Exclude<AnchorState, "exact">, string> = {
  relocated: "The quote moved in the current version of the document",
  fuzzy: "Only an approximate match was found in the current text",
  ambiguous: "The quote matches several places equally well",
  orphaned: "The quote no longer occurs in the document: delete it and label again",
};

/** Left edge of an item in its grade's colour; "not relevant" is a calm dashed grey. */
const edgeByTone: Record<BadgeTone, string> = {
  neutral: "border-l-zinc-300",
  blue: "border-l-sky-400",
  amber: "border-l-brand-500",
  green: "border-l-emerald-500",
  red: "border-l-red-400",
  violet: "border-l-violet-400",
};

export function LabelList(props: LabelListProps) {
  const { labels, openDocumentId, gradeScale, selectedId } = props;
  if (labels.length === 0) {
    return (
      <p className="px-3 py-4 text-center text-xs text-zinc-500">
        No judgments yet. Select the phrase that answers the query and press <b>L</b>, or judge the whole
        document with <b>W</b> — grade <b>0</b> records that a passage was read and is not relevant.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-zinc-100" aria-label="Labels of this query">
      {labels.map((label) => {
        const inOpen = label.documentId === openDocumentId;
        const state = label.state && label.state !== "exact" ? label.state : null;
        const quote = label.exact === null ? null : truncateMiddle(label.exact, 140);
        const selected = label.id === selectedId;
        const notRelevant = label.grade <= 0;
        const name = `label${quote ? ` “${truncateMiddle(quote, 40)}”` : " (whole document)"}`;
        return (
          <li
            key={label.id}
            data-testid="label-item"
            data-label-id={label.id}
            data-grade={label.grade}
            data-selected={selected ? "true" : undefined}
            className={cx(
              "border-l-[3px] py-1.5 pr-2 pl-2.5 transition-colors",
              edgeByTone[gradeTone(label.grade)],
              selected ? "bg-brand-50 ring-1 ring-brand-400 ring-inset" : "hover:bg-zinc-50",
            )}
            onMouseEnter={() => inOpen && props.onActivate(label.id)}
            onMouseLeave={() => inOpen && props.onActivate(null)}
          >
            <div className="flex items-center gap-1.5">
              {label.mayChange ? (
                <GradeSelect
                  grade={label.grade}
                  gradeScale={gradeScale}
                  disabled={props.pending}
                  onChange={(grade) => props.onChangeGrade(label, grade)}
                  label={`Grade of the ${name}`}
                />
              ) : (
                <Badge tone={gradeTone(label.grade)}>{gradeLabel(label.grade, gradeScale)}</Badge>
              )}
              {state ? (
                <Badge tone={stateTones[state]} title={stateHints[state]}>
                  {state}
                </Badge>
              ) : null}
              {label.mayChange ? (
                <button
                  type="button"
                  className="ml-auto rounded px-1.5 py-0.5 text-[11px] text-zinc-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  onClick={() => props.onDelete(label)}
                  aria-label={`Delete ${name}`}
                  title="Delete (X); Undo with U"
                  data-testid="label-delete"
                >
                  Delete
                </button>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => props.onSelect(label.id)}
              onFocus={() => inOpen && props.onActivate(label.id)}
              onBlur={() => inOpen && props.onActivate(null)}
              aria-pressed={selected}
              data-testid="label-select"
              title={
                inOpen && label.start !== null
                  ? "Select this label and scroll to its quote"
                  : "Select this label"
              }
              className={cx(
                "mt-0.5 block w-full rounded text-left text-xs leading-snug focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                notRelevant ? "text-zinc-500" : "text-zinc-800 hover:text-zinc-950",
              )}
            >
              {quote === null ? <span className="italic">Whole document</span> : <q>{quote}</q>}
            </button>
            <LabelProvenance
              label={label}
              inOpen={inOpen}
              documentHref={props.documentHref}
              titles={props.titles}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** Where a label is (this document, or a link to its document), who made it, and how it came to be. */
function LabelProvenance(props: {
  label: LabelListProps["labels"][number];
  inOpen: boolean;
  documentHref: LabelListProps["documentHref"];
  titles: LabelListProps["titles"];
}) {
  const { label, inOpen } = props;
  return (
    <div className="mt-0.5 flex items-center gap-1.5 text-[11px] text-zinc-400">
      {inOpen ? (
        <span>This document</span>
      ) : (
        <Link
          href={props.documentHref(label.documentId)}
          className="truncate rounded hover:text-zinc-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {props.titles.get(label.documentId) ?? label.externalId}
        </Link>
      )}
      <span aria-hidden="true">·</span>
      <span className="truncate">{label.annotatorName ?? "unknown annotator"}</span>
      {label.adjudicated ? (
        <span
          className="shrink-0 rounded bg-violet-50 px-1 font-medium text-violet-700"
          title="An adjudicator's decision: only decisions count for this document"
          data-testid="label-decision"
        >
          decision
        </span>
      ) : null}
      {label.suggestedBy ? (
        <span
          className="min-w-0 truncate rounded bg-violet-50 px-1 text-violet-700"
          title={`Accepted from ${label.suggestedBy}'s suggestion`}
          data-testid="label-suggested-by"
        >
          from {label.suggestedBy}
        </span>
      ) : null}
    </div>
  );
}

type GradeSelectProps = {
  grade: number;
  gradeScale: GradeLevel[];
  disabled: boolean;
  onChange: (grade: number) => void;
  label: string;
};

/** The grade of a label its viewer may change, as a compact select in the grade's colour. */
function GradeSelect({ grade, gradeScale, disabled, onChange, label }: GradeSelectProps) {
  const levels = gradeScale.some((level) => level.grade === grade)
    ? gradeScale
    : [...gradeScale, { grade, name: `Grade ${grade}` }];
  return (
    <select
      value={grade}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
      aria-label={label}
      title="Change the grade of this label"
      data-testid="label-grade"
      className={cx(
        "h-5 rounded border px-1 text-[11px] font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60",
        gradeSelectClass[gradeTone(grade)],
      )}
    >
      {levels.map((level) => (
        <option key={level.grade} value={level.grade}>
          {gradeLabel(level.grade, gradeScale)}
        </option>
      ))}
    </select>
  );
}

const gradeSelectClass: Record<BadgeTone, string> = {
  neutral: "border-zinc-200 bg-zinc-50 text-zinc-600",
  blue: "border-sky-200 bg-sky-50 text-sky-800",
  amber: "border-brand-200 bg-brand-50 text-brand-700",
  green: "border-emerald-200 bg-emerald-50 text-emerald-800",
  red: "border-red-200 bg-red-50 text-red-800",
  violet: "border-violet-200 bg-violet-50 text-violet-800",
};

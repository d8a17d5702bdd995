import Link from "next/link";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import type { AnchorState } from "@/lib/anchor/label-state";
import { gradeLabel, gradeTone } from "./grade-tones";
import { truncateMiddle } from "./quote-preview";
import type { GradeLevel, LabelView } from "./types";

type LabelListProps = {
  labels: LabelView[];
  openDocumentId: string | null;
  gradeScale: GradeLevel[];
  documentHref: (documentId: string) => string;
  /** Titles of known documents (the candidates), by id. */
  titles: Map<string, string>;
  deletingId: string | null;
  /** A write is under way: grade changes wait for it. */
  pending: boolean;
  onDelete: (labelId: string) => void;
  onChangeGrade: (labelId: string, grade: number) => void;
  /** Outline the label's highlight in the open document (null: none). */
  onActivate: (labelId: string | null) => void;
  onReveal: (labelId: string) => void;
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

export function LabelList(props: LabelListProps) {
  const { labels, openDocumentId, gradeScale } = props;
  if (labels.length === 0) {
    return (
      <p className="px-3 py-4 text-center text-xs text-zinc-500">
        No labels yet. Open a candidate, select the phrase that answers the query and press <b>L</b>.
      </p>
    );
  }
  // The open document's labels first, in reading order; then the others by document.
  const sorted = [...labels].sort((a, b) => {
    const openA = a.documentId === openDocumentId ? 0 : 1;
    const openB = b.documentId === openDocumentId ? 0 : 1;
    return openA - openB || a.externalId.localeCompare(b.externalId) || (a.start ?? -1) - (b.start ?? -1);
  });

  return (
    <ul className="divide-y divide-zinc-100">
      {sorted.map((label) => {
        const inOpen = label.documentId === openDocumentId;
        const revealable = inOpen && label.start !== null && label.state !== "orphaned";
        const state = label.state && label.state !== "exact" ? label.state : null;
        const quote = label.exact === null ? null : truncateMiddle(label.exact, 140);
        return (
          <li
            key={label.id}
            data-testid="label-item"
            data-label-id={label.id}
            className="group px-3 py-2"
            onMouseEnter={() => inOpen && props.onActivate(label.id)}
            onMouseLeave={() => inOpen && props.onActivate(null)}
          >
            <div className="flex items-center gap-1.5">
              {label.mayChange ? (
                <GradeSelect
                  grade={label.grade}
                  gradeScale={gradeScale}
                  disabled={props.pending}
                  onChange={(grade) => props.onChangeGrade(label.id, grade)}
                  label={`Grade of the label${quote ? ` “${quote}”` : " (whole document)"}`}
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
                  className="ml-auto rounded px-1.5 py-0.5 text-xs text-zinc-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50"
                  disabled={props.deletingId === label.id}
                  onClick={() => props.onDelete(label.id)}
                  aria-label={`Delete label${quote ? ` “${quote}”` : " (whole document)"}`}
                  data-testid="label-delete"
                >
                  {props.deletingId === label.id ? "Deleting…" : "Delete"}
                </button>
              ) : null}
            </div>
            {quote === null ? (
              <p className="mt-1 text-xs text-zinc-600 italic">Whole document</p>
            ) : revealable ? (
              <button
                type="button"
                onClick={() => props.onReveal(label.id)}
                onFocus={() => props.onActivate(label.id)}
                onBlur={() => props.onActivate(null)}
                className="mt-1 block w-full rounded text-left text-xs text-zinc-800 hover:text-zinc-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                title="Scroll to this quote"
              >
                <q>{quote}</q>
              </button>
            ) : (
              <q className="mt-1 block text-xs text-zinc-800">{quote}</q>
            )}
            <div className="mt-1 flex items-center gap-1.5 text-[11px] text-zinc-400">
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
            </div>
          </li>
        );
      })}
    </ul>
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
  neutral: "border-zinc-200 bg-zinc-50 text-zinc-700",
  blue: "border-sky-200 bg-sky-50 text-sky-800",
  amber: "border-brand-200 bg-brand-50 text-brand-800",
  green: "border-emerald-200 bg-emerald-50 text-emerald-800",
  red: "border-red-200 bg-red-50 text-red-800",
  violet: "border-violet-200 bg-violet-50 text-violet-800",
};

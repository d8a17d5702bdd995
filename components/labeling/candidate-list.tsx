import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { Link } from "@/components/ui/link";
import { ExcerptText } from "./excerpt-text";
import { gradeTone } from "./grade-tones";
import type { Candidate } from "./types";

/**
 * Props: `candidates` are the pooled candidates grouped by document (lib/pooling's
 * PooledDocument: one entry per document, the unit j/k walk, with its passages, each listing the
 * configurations that retrieved it and their ranks). Each entry is a link with
 * `data-testid="candidate-<rank>"` and `aria-current` on the open document.
 */
type CandidateListProps = {
  candidates: Candidate[];
  openDocumentId: string | null;
  /** Highest grade labeled so far per document, to show which candidates are done. */
  labeledGrades: Map<string, number>;
  documentHref: (documentId: string) => string;
  /** What the judge suggests for a document (a chip under its title), when it was asked. */
  suggestionFor?: (documentId: string) => ReactNode;
};

/** Passages shown per document; the rest are counted. */
const SHOWN_PASSAGES = 2;

export function CandidateList({
  candidates,
  openDocumentId,
  labeledGrades,
  documentHref,
  suggestionFor,
}: CandidateListProps) {
  if (candidates.length === 0) {
    return (
      <p className="px-3 py-6 text-center text-xs text-zinc-500">
        No pooled configuration retrieved anything for this query. Search the corpus, reword the query, or
        mark it “No answer in corpus”.
      </p>
    );
  }
  return (
    <ol className="divide-y divide-zinc-100">
      {candidates.map((candidate) => {
        const open = candidate.documentId === openDocumentId;
        const grade = labeledGrades.get(candidate.documentId);
        const hidden = candidate.passages.length - SHOWN_PASSAGES;
        return (
          <li key={candidate.documentId}>
            <Link
              href={documentHref(candidate.documentId)}
              aria-current={open ? "true" : undefined}
              data-testid={`candidate-${candidate.rank}`}
              data-document-id={candidate.documentId}
              className={cx(
                "block border-l-2 px-3 py-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset",
                open ? "border-brand-500 bg-brand-50/60" : "border-transparent hover:bg-zinc-50",
              )}
            >
              <div className="flex items-baseline gap-2">
                <span className="w-5 shrink-0 text-right text-xs text-zinc-400 tabular-nums">
                  {candidate.rank}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium text-sm text-zinc-900">
                  {candidate.title || candidate.externalId}
                </span>
                {grade !== undefined ? (
                  <Badge tone={gradeTone(grade)} title="Labeled">
                    {grade}
                  </Badge>
                ) : null}
              </div>
              <div className="mt-0.5 truncate pl-7 font-mono text-[11px] text-zinc-400">
                {candidate.externalId}
              </div>
              {suggestionFor?.(candidate.documentId)}
              {candidate.passages.slice(0, SHOWN_PASSAGES).map((passage, index) => (
                <div
                  key={`${passage.start}-${passage.end}`}
                  className="mt-1 pl-7"
                  data-testid="candidate-passage"
                >
                  <div className="flex flex-wrap gap-1">
                    {passage.sources.map((source) => (
                      <span
                        key={source.name}
                        className="rounded bg-zinc-100 px-1 text-[10px] text-zinc-600 leading-4"
                        title={`${source.name} ranked this passage ${source.rank}`}
                        data-testid="candidate-source"
                      >
                        {source.name} <span className="text-zinc-400 tabular-nums">#{source.rank}</span>
                      </span>
                    ))}
                  </div>
                  <p
                    className={cx(
                      "mt-0.5 text-xs leading-snug",
                      index === 0 ? "line-clamp-3" : "line-clamp-2",
                    )}
                  >
                    <ExcerptText excerpt={passage.excerpt} />
                  </p>
                </div>
              ))}
              {hidden > 0 ? (
                <p className="mt-1 pl-7 text-[11px] text-zinc-400">
                  and {hidden} more {hidden === 1 ? "passage" : "passages"} in this document
                </p>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

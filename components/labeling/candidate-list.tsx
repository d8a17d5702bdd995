import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { gradeTone } from "./grade-tones";
import type { Candidate } from "./types";

type CandidateListProps = {
  candidates: Candidate[];
  openDocumentId: string | null;
  /** Highest grade labeled so far per document, to show which candidates are done. */
  labeledGrades: Map<string, number>;
  documentHref: (documentId: string) => string;
};

export function CandidateList({
  candidates,
  openDocumentId,
  labeledGrades,
  documentHref,
}: CandidateListProps) {
  if (candidates.length === 0) {
    return (
      <p className="px-3 py-6 text-center text-xs text-zinc-500">
        BM25 found no candidates for this query. Try rewording it, or mark it “No answer in corpus”.
      </p>
    );
  }
  return (
    <ol className="divide-y divide-zinc-100">
      {candidates.map((candidate) => {
        const open = candidate.documentId === openDocumentId;
        const grade = labeledGrades.get(candidate.documentId);
        return (
          <li key={candidate.documentId}>
            <Link
              href={documentHref(candidate.documentId)}
              aria-current={open ? "true" : undefined}
              data-testid={`candidate-${candidate.rank}`}
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
              <div className="mt-0.5 flex items-baseline gap-2 pl-7 text-[11px] text-zinc-400">
                <span className="truncate font-mono">{candidate.externalId}</span>
                <span className="ml-auto shrink-0 tabular-nums">{candidate.score.toFixed(2)}</span>
              </div>
              <p className="mt-1 line-clamp-2 pl-7 text-xs text-zinc-600">{candidate.snippet}</p>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

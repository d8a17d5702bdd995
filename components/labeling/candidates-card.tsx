"use client";

import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { CandidateList } from "./candidate-list";
import { CorpusSearch } from "./corpus-search";
import type { documentHrefFor } from "./document-href";
import type { bestGradeByDocument } from "./label-order";
import { poolDescription } from "./pool-description";
import type { LabelingWorkspaceProps } from "./types";

type CandidatesCardProps = {
  pool: LabelingWorkspaceProps["pool"];
  candidates: LabelingWorkspaceProps["candidates"];
  corpusSearchUrl: LabelingWorkspaceProps["corpusSearchUrl"];
  openId: string | null;
  labeledGrades: ReturnType<typeof bestGradeByDocument>;
  documentHref: ReturnType<typeof documentHrefFor>;
  /** "Ask the judge" (under the header) and its suggestion per candidate, when judges exist. */
  judge?: { bar: ReactNode; suggestionFor: (documentId: string) => ReactNode } | undefined;
};

/** The workspace's left pane: the pool's candidates and the corpus search. */
export function CandidatesCard({
  pool,
  candidates,
  corpusSearchUrl,
  openId,
  labeledGrades,
  documentHref,
  judge,
}: CandidatesCardProps) {
  return (
    <Card className="flex min-h-0 flex-col @min-[680px]:col-start-1 @min-[680px]:row-start-1">
      <CardHeader
        title="Candidates"
        description={poolDescription(pool)}
        className="px-3 py-2"
        actions={<span className="text-[11px] text-zinc-400 tabular-nums">{candidates.length}</span>}
      />
      {judge?.bar}
      {corpusSearchUrl ? <CorpusSearch searchUrl={corpusSearchUrl} documentHref={documentHref} /> : null}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <CandidateList
          candidates={candidates}
          openDocumentId={openId}
          labeledGrades={labeledGrades}
          documentHref={documentHref}
          suggestionFor={judge?.suggestionFor}
        />
      </div>
    </Card>
  );
}

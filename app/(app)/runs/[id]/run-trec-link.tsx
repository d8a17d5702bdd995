import { buttonClassName } from "@/components/ui/button";

/**
 * Downloads of a finished run as TREC run files (GET /api/runs/{id}/trec): document level, and
 * passage level (`?level=passage`), which imports back as an imported run.
 */
export function RunTrecLink({ runId }: { runId: string }) {
  return (
    <>
      <a
        href={`/api/runs/${runId}/trec`}
        download
        className={buttonClassName({ variant: "ghost" })}
        title="Document-level TREC run (qid Q0 docid rank score tag): each document at its first rank, as document mode scores it"
        data-testid="export-run-trec"
      >
        TREC run
      </a>
      <a
        href={`/api/runs/${runId}/trec?level=passage`}
        download
        className={buttonClassName({ variant: "ghost" })}
        title="Passage-level TREC run (qid Q0 docid#start-end rank score tag): every result at its rank, start/end UTF-16 offsets into the document text; imports back as an imported run"
        data-testid="export-run-passages"
      >
        TREC passages
      </a>
    </>
  );
}

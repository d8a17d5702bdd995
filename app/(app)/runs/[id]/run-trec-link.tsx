import { buttonClassName } from "@/components/ui/button";

/** Download of a finished run as a document-level TREC run file (GET /api/runs/{id}/trec). */
export function RunTrecLink({ runId }: { runId: string }) {
  return (
    <a
      href={`/api/runs/${runId}/trec`}
      download
      className={buttonClassName({ variant: "ghost" })}
      title="Document-level TREC run (qid Q0 docid rank score tag): each document at its first rank, as document mode scores it"
      data-testid="export-run-trec"
    >
      TREC run
    </a>
  );
}

import type { ProgressRequest } from "@/components/queue/types";
import type { ReasonKind } from "@/components/queue/use-query-flow";
import { Button } from "@/components/ui/button";
import { Kbd } from "@/components/ui/kbd";

type QueryStatusActionsProps = {
  /** The annotator has recorded progress on this query, so it can be reopened. */
  reopenable: boolean;
  /** A write is in flight: every button waits. */
  busy: boolean;
  submit: (request: ProgressRequest) => void;
  /** Opens the reason form for a skip or a can't-judge. */
  ask: (kind: ReasonKind) => void;
};

/** The annotator's verdicts on the open query: reopen, no answer in corpus, can't judge, skip, done. */
export function QueryStatusActions({ reopenable, busy, submit, ask }: QueryStatusActionsProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-1.5">
      {reopenable ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => submit({ action: "reopen" })}
          data-testid="reopen-query"
        >
          Reopen
        </Button>
      ) : null}
      <Button
        size="sm"
        disabled={busy}
        onClick={() => submit({ action: "no_answer" })}
        data-testid="mark-no-answer"
      >
        No answer in corpus
      </Button>
      <Button size="sm" disabled={busy} onClick={() => ask("cannot_judge")} data-testid="mark-cannot-judge">
        Can’t judge
      </Button>
      <Button
        size="sm"
        disabled={busy}
        onClick={() => ask("skipped")}
        aria-keyshortcuts="s"
        data-testid="mark-skipped"
      >
        Skip <Kbd>S</Kbd>
      </Button>
      <Button
        size="sm"
        variant="primary"
        disabled={busy}
        onClick={() => submit({ action: "done" })}
        aria-keyshortcuts="d"
        data-testid="mark-labeled"
      >
        Done <Kbd tone="dark">D</Kbd>
      </Button>
    </div>
  );
}

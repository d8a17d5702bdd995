import { useEffect } from "react";
import { selectDocumentText } from "@/components/labeling/use-document-selection";
import { buttonClassName } from "@/components/ui/button";
import { Kbd } from "@/components/ui/kbd";
import { Link } from "@/components/ui/link";
import type { HoleBarView } from "./types";

/**
 * "Fill holes" mode, under the query: which hole is open (a result in some run's top k that no
 * judgment covers), how many are left, and the way on. The hole's chunk is selected on opening,
 * so L labels it with the chosen grade (0 "not relevant" counts); any judgment covering it
 * removes the hole.
 */
/** The open document's text, where the hole's span is selected as a mouse drag would. */
function selectHole(span: { start: number; end: number }): boolean {
  return selectDocumentText(document.querySelector<HTMLElement>('[data-testid="document-text"]'), span);
}

export function HoleBar({ hole }: { hole: HoleBarView }) {
  const { span } = hole;
  const open = hole.position !== null;
  const start = span?.start;
  const end = span?.end;
  useEffect(() => {
    if (open && start !== undefined && end !== undefined) selectHole({ start, end });
  }, [open, start, end]);
  const whose = hole.runName ? `the top ${hole.k} of ${hole.runName}` : `the runs' top ${hole.k}`;
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-1.5 text-xs text-sky-900"
      data-testid="hole-bar"
    >
      <span className="font-semibold">Fill holes</span>
      {hole.position !== null ? (
        <span data-testid="hole-position">
          Hole <span className="tabular-nums">{hole.position.toLocaleString("en-US")}</span> of{" "}
          <span className="tabular-nums">{hole.total.toLocaleString("en-US")}</span> in {whose}: no judgment
          covers this passage yet
        </span>
      ) : (
        <span data-testid="hole-position">
          {hole.onHole ? "✓ Judged — " : null}
          <span className="tabular-nums">{hole.total.toLocaleString("en-US")}</span>{" "}
          {hole.total === 1 ? "hole" : "holes"} left in {whose}
        </span>
      )}
      {span ? (
        <button
          type="button"
          className="font-medium underline-offset-2 hover:underline"
          onClick={() => selectHole(span)}
          data-testid="select-hole"
        >
          Select the passage
        </button>
      ) : null}
      <Link href={hole.listHref} className="font-medium underline-offset-2 hover:underline">
        All holes
      </Link>
      <Link
        href={hole.nextHref}
        className={buttonClassName({ size: "sm", className: "ml-auto" })}
        aria-keyshortcuts="n"
        data-testid="next-hole"
      >
        Next hole <Kbd>N</Kbd>
      </Link>
    </div>
  );
}

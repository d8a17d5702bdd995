"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";

/**
 * "Copy as Markdown": the comparison's summary table, deltas, p-values and configuration diff for
 * a pull-request description. Writes to the clipboard; where the browser refuses (no permission,
 * not a secure context), opens the text selected for copying by hand.
 */
export function CopyMarkdownButton({ markdown }: { markdown: string }) {
  const [state, setState] = useState<"idle" | "copied" | "manual">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(markdown);
      setState("copied");
      setTimeout(() => setState("idle"), 2_500);
    } catch {
      setState("manual");
    }
  };
  return (
    <div className="relative">
      <Button size="sm" variant="primary" onClick={copy} data-testid="copy-markdown">
        {state === "copied" ? "Copied" : "Copy as Markdown"}
      </Button>
      <span className="sr-only" role="status">
        {state === "copied" ? "The comparison was copied as Markdown." : ""}
      </span>
      {state === "manual" ? (
        <div className="absolute right-0 z-10 mt-2 w-[36rem] rounded-md border border-zinc-200 bg-white p-3 shadow-lg">
          <p className="mb-1.5 text-xs text-zinc-600">
            The browser did not allow copying; select the text and copy it.
          </p>
          <textarea
            readOnly
            value={markdown}
            data-testid="markdown-text"
            className="h-64 w-full rounded border border-zinc-200 p-2 font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button size="sm" variant="ghost" onClick={() => setState("idle")}>
            Close
          </Button>
        </div>
      ) : null}
    </div>
  );
}

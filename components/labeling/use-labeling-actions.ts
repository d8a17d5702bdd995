import { useState, useTransition } from "react";
import { noteUnrenderedWrite } from "@/components/shell/history-freshness";
import type { ActionState } from "@/lib/http/action-state";

/** A message about the last action; `undoable` offers Undo beside it. */
export type Notice = { tone: "success" | "warning" | "error"; message: string; undoable?: boolean };

type RunOptions<Data> = {
  /** Runs inside the transition before the action: show the expected result at once (useOptimistic). */
  optimistic?: () => void;
  success: string | Notice | ((data: Data | undefined) => string | Notice);
  onSuccess?: (data: Data | undefined) => void;
  onError?: () => void;
};

/**
 * Runs the workspace's server actions one at a time: tracks pending state and turns the result
 * into a notice. The actions answer what they changed; `onSuccess` applies it to the workspace,
 * and `afterSuccess` runs after every action that succeeded.
 */
export function useLabelingActions(options: { afterSuccess?: (() => void) | undefined } = {}) {
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice | null>(null);

  /** Only quote labels answer a warning (an ambiguous quote); it replaces the success message. */
  const { afterSuccess } = options;
  function run<Data>(action: () => Promise<ActionState<Data>>, options: RunOptions<Data>) {
    setNotice(null);
    startTransition(async () => {
      options.optimistic?.();
      try {
        const outcome = await action();
        if (!outcome.ok) {
          options.onError?.();
          setNotice({ tone: "error", message: outcome.error });
          return;
        }
        noteUnrenderedWrite();
        options.onSuccess?.(outcome.data);
        afterSuccess?.();
        const success =
          typeof options.success === "function" ? options.success(outcome.data) : options.success;
        const notice: Notice = typeof success === "string" ? { tone: "success", message: success } : success;
        const warning = warningOf(outcome.data);
        setNotice(warning ? { ...notice, tone: "warning", message: warning } : notice);
      } catch {
        options.onError?.();
        setNotice({ tone: "error", message: "Could not save. Check your connection and try again." });
      }
    });
  }

  return { pending, notice, setNotice, run };
}

function warningOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("warning" in data)) return undefined;
  return typeof data.warning === "string" ? data.warning : undefined;
}

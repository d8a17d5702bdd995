import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionState } from "@/lib/http/action-state";

export type Notice = { tone: "success" | "warning" | "error"; message: string };

/**
 * Runs the workspace's server actions one at a time: tracks pending state, turns the result
 * into a notice, and refreshes the page so new props arrive.
 */
export function useLabelingActions() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice | null>(null);

  /** Only quote labels answer a warning; saves answer their outcome (created, updated, unchanged). */
  function run<Data extends { warning?: string | undefined; outcome?: string } | undefined>(
    action: () => Promise<ActionState<Data>>,
    options: { success: string | ((data: Data | undefined) => string); onSuccess?: () => void },
  ) {
    setNotice(null);
    startTransition(async () => {
      try {
        const outcome = await action();
        if (!outcome.ok) {
          setNotice({ tone: "error", message: outcome.error });
          return;
        }
        options.onSuccess?.();
        const warning = outcome.data?.warning;
        const success =
          typeof options.success === "function" ? options.success(outcome.data) : options.success;
        setNotice(warning ? { tone: "warning", message: warning } : { tone: "success", message: success });
        router.refresh();
      } catch {
        setNotice({ tone: "error", message: "Could not save. Check your connection and try again." });
      }
    });
  }

  return { pending, notice, setNotice, run };
}

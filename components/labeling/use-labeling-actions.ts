import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionState } from "@/lib/http/action-state";

export type Notice = { tone: "success" | "warning" | "error"; message: string };

/** What the workspace's server actions answer; only quote labels carry a warning. */
type Outcome = ActionState<{ warning?: string | undefined } | undefined>;

/**
 * Runs the workspace's server actions one at a time: tracks pending state, turns the result
 * into a notice, and refreshes the page so new props arrive.
 */
export function useLabelingActions() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice | null>(null);

  function run(action: () => Promise<Outcome>, options: { success: string; onSuccess?: () => void }) {
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
        setNotice(
          warning ? { tone: "warning", message: warning } : { tone: "success", message: options.success },
        );
        router.refresh();
      } catch {
        setNotice({ tone: "error", message: "Could not save. Check your connection and try again." });
      }
    });
  }

  return { pending, notice, setNotice, run };
}

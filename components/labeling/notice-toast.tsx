import { useEffect } from "react";
import { cx } from "@/components/ui/cx";
import { Kbd } from "@/components/ui/kbd";
import type { Notice } from "./use-labeling-actions";

type NoticeToastProps = {
  notice: Notice | null;
  /** Offer Undo beside an undoable notice (there is something to undo). */
  canUndo: boolean;
  onUndo: () => void;
  onDismiss: () => void;
};

const toneClass: Record<Notice["tone"], string> = {
  success: "border-zinc-800 bg-zinc-900 text-zinc-100",
  warning: "border-brand-400 bg-brand-50 text-brand-700",
  error: "border-red-300 bg-red-50 text-red-800",
};

/** Seconds a success stays up; warnings and errors stay until dismissed or replaced. */
const SUCCESS_SECONDS = 8;

/** The result of the last label action, at the bottom of the screen, with Undo ("Label deleted · Undo"). */
export function NoticeToast({ notice, canUndo, onUndo, onDismiss }: NoticeToastProps) {
  useEffect(() => {
    if (notice?.tone !== "success") return;
    const timer = setTimeout(onDismiss, SUCCESS_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [notice, onDismiss]);

  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
    >
      {notice ? (
        <div
          role={notice.tone === "error" ? "alert" : "status"}
          data-testid="labeling-notice"
          data-tone={notice.tone}
          className={cx(
            "pointer-events-auto flex max-w-xl items-center gap-3 rounded-lg border px-3.5 py-2 text-xs shadow-lg",
            toneClass[notice.tone],
          )}
        >
          <p className="min-w-0 break-words">{notice.message}</p>
          {notice.undoable && canUndo ? (
            <button
              type="button"
              onClick={onUndo}
              data-testid="notice-undo"
              className={cx(
                "inline-flex shrink-0 items-center gap-1 rounded px-1.5 py-0.5 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                notice.tone === "success" ? "text-brand-400 hover:bg-zinc-800" : "hover:bg-white/60",
              )}
            >
              Undo <Kbd tone={notice.tone === "success" ? "dark" : "light"}>U</Kbd>
            </button>
          ) : null}
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss"
            className="shrink-0 rounded px-1 opacity-60 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}

import type { ReactNode } from "react";
import { cx } from "./cx";

type EmptyStateProps = {
  title: ReactNode;
  /** Say what to do next, not just that there is nothing. */
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        "flex flex-col items-center justify-center rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-10 text-center",
        className,
      )}
    >
      <p className="font-medium text-sm text-zinc-900">{title}</p>
      {description ? <p className="mt-1 max-w-md text-xs text-zinc-500">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

import type { ReactNode } from "react";
import { cx } from "./cx";

type StatProps = {
  label: ReactNode;
  /** Already formatted (e.g. "0.734", "48"); rendered with tabular figures. */
  value: ReactNode;
  hint?: ReactNode;
  className?: string;
  "data-testid"?: string;
};

/** A metric tile. */
export function Stat({ label, value, hint, className, "data-testid": testId }: StatProps) {
  return (
    <div
      className={cx("rounded-lg border border-zinc-200 bg-white px-4 py-3 shadow-xs", className)}
      data-testid={testId}
    >
      <div className="font-medium text-xs text-zinc-500">{label}</div>
      <div className="mt-1 font-semibold text-xl text-zinc-900 tabular-nums tracking-tight">{value}</div>
      {hint ? <div className="mt-0.5 text-xs text-zinc-500">{hint}</div> : null}
    </div>
  );
}

import type { ReactNode } from "react";
import { cx } from "./cx";

export type ProgressTone = "amber" | "green" | "red" | "blue" | "neutral";

const fills: Record<ProgressTone, string> = {
  amber: "bg-brand-500",
  green: "bg-emerald-500",
  red: "bg-red-500",
  blue: "bg-sky-500",
  neutral: "bg-zinc-400",
};

type ProgressBarProps = {
  /** Fraction done, 0..1 (clamped). */
  value: number;
  label?: ReactNode;
  tone?: ProgressTone;
  /** Show the percentage to the right of the label. Default true. */
  showPercent?: boolean;
  className?: string;
};

export function ProgressBar({
  value,
  label,
  tone = "amber",
  showPercent = true,
  className,
}: ProgressBarProps) {
  const fraction = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  const percent = Math.round(fraction * 100);
  return (
    <div className={cx("space-y-1", className)}>
      {label || showPercent ? (
        <div className="flex items-baseline justify-between gap-3 text-xs">
          <span className="min-w-0 truncate text-zinc-600">{label}</span>
          {showPercent ? <span className="shrink-0 text-zinc-500 tabular-nums">{percent}%</span> : null}
        </div>
      ) : null}
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={typeof label === "string" ? label : "Progress"}
        className="h-1.5 w-full overflow-hidden rounded-full bg-zinc-100"
      >
        <div
          className={cx("h-full rounded-full transition-[width] duration-300", fills[tone])}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

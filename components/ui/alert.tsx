import type { ReactNode } from "react";
import { cx } from "./cx";

export type AlertTone = "info" | "success" | "warning" | "error";

const tones: Record<AlertTone, string> = {
  info: "border-sky-200 bg-sky-50 text-sky-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  warning: "border-brand-200 bg-brand-50 text-brand-700",
  error: "border-red-200 bg-red-50 text-red-800",
};

type AlertProps = {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Extra controls on the right, e.g. a dismiss button. */
  actions?: ReactNode;
  /** Smaller type and padding, for toolbars and chart notes. */
  compact?: boolean;
  className?: string;
  "data-testid"?: string;
};

/** An inline message. Errors are announced assertively, everything else politely. */
export function Alert({
  tone = "info",
  title,
  children,
  actions,
  compact = false,
  className,
  "data-testid": testId,
}: AlertProps) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cx(
        "flex items-start gap-3 rounded-md border px-3",
        compact ? "py-1.5 text-xs" : "py-2 text-sm",
        tones[tone],
        className,
      )}
      data-testid={testId}
    >
      <div className="min-w-0 flex-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className={cx(title ? "mt-0.5 text-xs" : "", "break-words")}>{children}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
    </div>
  );
}

import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx";

export function Card({ className, ...rest }: ComponentProps<"section">) {
  return (
    <section className={cx("rounded-lg border border-zinc-200 bg-white shadow-xs", className)} {...rest} />
  );
}

type CardHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links aligned to the right of the title. */
  actions?: ReactNode;
  className?: string;
};

export function CardHeader({ title, description, actions, className }: CardHeaderProps) {
  return (
    <div
      className={cx("flex items-start justify-between gap-4 border-b border-zinc-100 px-4 py-3", className)}
    >
      <div className="min-w-0">
        <h2 className="font-semibold text-sm text-zinc-900">{title}</h2>
        {description ? <p className="mt-0.5 text-xs text-zinc-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...rest }: ComponentProps<"div">) {
  return <div className={cx("px-4 py-3", className)} {...rest} />;
}

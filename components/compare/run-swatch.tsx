import Link from "next/link";
import { runColor } from "@/components/runs/run-color";
import { cx } from "@/components/ui/cx";

/**
 * A run's mark: a short line in its chart colour, dashed for the baseline — the same line the
 * charts draw for it.
 */
export function RunDot({ ordinal, baseline = false }: { ordinal: number; baseline?: boolean }) {
  return (
    <svg aria-hidden="true" width="14" height="8" viewBox="0 0 14 8" className="shrink-0">
      <line
        x1="1"
        y1="4"
        x2="13"
        y2="4"
        stroke={runColor(ordinal)}
        strokeWidth="3"
        strokeLinecap={baseline ? "butt" : "round"}
        strokeDasharray={baseline ? "4 2" : undefined}
      />
    </svg>
  );
}

/** A run's name with its colour, linking to the run's page. */
export function RunName(props: {
  id: string;
  name: string;
  ordinal: number;
  baseline?: boolean;
  className?: string;
}) {
  return (
    <span className={cx("inline-flex min-w-0 items-center gap-2", props.className)}>
      <RunDot ordinal={props.ordinal} baseline={props.baseline ?? false} />
      <Link
        href={`/runs/${props.id}`}
        className="truncate font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        title={props.name}
      >
        {props.name}
      </Link>
      {props.baseline ? <span className="shrink-0 text-[11px] text-zinc-500">baseline</span> : null}
    </span>
  );
}

import { runColor } from "@/components/runs/run-color";
import { RunSwatch } from "@/components/runs/run-swatch";
import { cx } from "@/components/ui/cx";
import { Link } from "@/components/ui/link";
import { BASELINE_DASH } from "./series-styles";

/**
 * A run's mark in a comparison: its line sample (`RunSwatch`) in its chart colour, dashed for the
 * baseline, as the comparison's charts draw it.
 */
export function RunDot({ ordinal, baseline = false }: { ordinal: number; baseline?: boolean }) {
  return <RunSwatch color={runColor(ordinal)} dash={baseline ? BASELINE_DASH : undefined} />;
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

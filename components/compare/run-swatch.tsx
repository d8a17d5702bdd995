import Link from "next/link";
import { runColor } from "@/components/runs/run-color";
import { cx } from "@/components/ui/cx";

/** A run's colour mark (its chart colour); hollow for the baseline, the reference every run is read against. */
export function RunDot({ ordinal, baseline = false }: { ordinal: number; baseline?: boolean }) {
  const color = runColor(ordinal);
  return (
    <span
      aria-hidden="true"
      className={cx("inline-block size-2.5 shrink-0 rounded-full", baseline && "border-2 bg-white")}
      style={baseline ? { borderColor: color } : { backgroundColor: color }}
    />
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

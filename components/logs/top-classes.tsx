import { Badge } from "@/components/ui/badge";
import type { ClassMix } from "@/lib/logs/class-mix";
import { UNCLASSIFIED } from "@/lib/logs/sample-queries";
import { classLabel } from "./class-labels";

/** The `limit` classes with the largest share of a log's lines, as compact badges. */
export function TopClasses({ mix, limit = 3 }: { mix: ClassMix | undefined; limit?: number }) {
  const top = (mix?.rows ?? [])
    .filter((row) => row.lines > 0 && row.queryClass !== UNCLASSIFIED)
    .sort((left, right) => right.lines - left.lines)
    .slice(0, limit);
  if (top.length === 0) return <span className="text-xs text-zinc-400">–</span>;
  return (
    <div className="flex flex-wrap gap-1" data-testid="log-top-classes">
      {top.map((row) => (
        <Badge key={row.queryClass} tone="blue" title={classLabel(row.queryClass).description}>
          {classLabel(row.queryClass).label}
          <span className="font-normal text-sky-600/80 tabular-nums">{Math.round(row.lineShare * 100)}%</span>
        </Badge>
      ))}
    </div>
  );
}

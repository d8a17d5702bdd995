import { Badge } from "@/components/ui/badge";
import { noiseWarning } from "@/lib/eval/run-report-schema";

/** A small ⚠ beside a metric computed on fewer than NOISE_FLOOR_QUERIES queries; nothing otherwise. */
export function NoiseBadge({ evaluated, className }: { evaluated: number; className?: string }) {
  const warning = noiseWarning(evaluated);
  if (!warning) return null;
  return (
    <Badge tone="amber" title={warning} aria-label={warning} className={className} data-testid="noise-badge">
      ⚠
    </Badge>
  );
}

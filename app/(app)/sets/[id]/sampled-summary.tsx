import { Alert } from "@/components/ui/alert";
import { formatCount } from "@/components/ui/format-number";

type Props = { sampled: { sampled?: number; strategy?: string; nearDuplicates?: number } };

export function SampledSummary({ sampled }: Props) {
  return sampled.sampled !== undefined ? (
    <Alert tone="success" className="mb-5" data-testid="sampled-summary">
      Sampled {formatCount(sampled.sampled)} {sampled.sampled === 1 ? "query" : "queries"}
      {sampled.strategy ? ` (${sampled.strategy})` : ""} into this set
      {sampled.nearDuplicates ? `; ${formatCount(sampled.nearDuplicates)} near-duplicates skipped` : ""}. Each
      keeps its log provenance and a “sample:…” tag saying why it was picked.
    </Alert>
  ) : null;
}

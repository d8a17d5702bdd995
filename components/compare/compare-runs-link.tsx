import { ButtonLink } from "@/components/ui/button";
import { comparisonHref } from "@/lib/comparisons/comparison-params";

/** "Compare runs": opens the set's comparison page, where a baseline and up to six runs are picked. */
export function CompareRunsLink({ setId }: { setId: string }) {
  return (
    <ButtonLink href={comparisonHref(setId, {})} size="sm" data-testid="compare-runs-link">
      Compare runs
    </ButtonLink>
  );
}

import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import { Link } from "@/components/ui/link";
import type { DescribedChange } from "@/lib/comparisons/compare-run-settings";
import { ConfigDiff } from "./config-diff";

type ComparisonOption = { id: string; label: string; isBaseline: boolean };

type CompareAgainstProps = {
  /** The run page's path, which the picker submits `?against=` to. */
  pathname: string;
  reason: "chosen" | "baseline" | "is-baseline" | "no-baseline";
  /** A problem with the run asked for in the URL, said above the rest. */
  notice: string | null;
  against: { id: string; name: string; href: string; isBaseline: boolean } | null;
  /** The set's other runs to choose from (finished, not archived). */
  options: ComparisonOption[];
  changes: DescribedChange[] | null;
  warnings: string[];
  /** The full comparison page of this run against `against`. */
  compareHref: string | null;
};

const explanations = {
  chosen: "chosen for this page",
  baseline: "the set's pinned baseline",
  "is-baseline": "",
  "no-baseline": "",
} as const;

/**
 * What the run is compared with — the set's pinned baseline by default, or a run chosen here;
 * never silently the previous run — with a picker, the configuration diff, warnings that qualify
 * the comparison, and a link to the full comparison.
 */
export function CompareAgainst(props: CompareAgainstProps) {
  const { against, reason, options } = props;
  return (
    <Card data-testid="compare-against">
      <CardHeader
        title="Compared with"
        description={
          against ? (
            <>
              <Link
                href={against.href}
                className="font-medium text-brand-700 hover:underline"
                data-testid="against-name"
              >
                {against.name}
              </Link>{" "}
              — {explanations[reason]}.
            </>
          ) : reason === "is-baseline" ? (
            "This run is the set's pinned baseline. Choose a run to compare it with."
          ) : (
            "No baseline is pinned for this set, so this run is compared with nothing. Choose a run, or pin one as the set's baseline."
          )
        }
        actions={
          props.compareHref ? (
            <ButtonLink href={props.compareHref} size="sm" data-testid="open-full-comparison">
              Open full comparison
            </ButtonLink>
          ) : null
        }
      />
      <CardBody className="space-y-3">
        {props.notice ? (
          <p role="status" className="text-xs text-brand-700" data-testid="against-notice">
            {props.notice}
          </p>
        ) : null}
        <form
          method="get"
          action={props.pathname}
          className="flex flex-wrap items-center gap-2"
          data-testid="against-picker"
        >
          <label htmlFor="against" className="text-xs text-zinc-500">
            Compare with
          </label>
          <Select
            id="against"
            name="against"
            defaultValue={against?.id ?? ""}
            className="w-auto max-w-xl"
            data-testid="against-select"
          >
            {against ? null : <option value="">Choose a run…</option>}
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.isBaseline ? `★ ${option.label}` : option.label}
              </option>
            ))}
          </Select>
          <Button type="submit" size="sm" data-testid="against-submit">
            Compare
          </Button>
          {options.length === 0 ? (
            <span className="text-xs text-zinc-500">The set has no other finished run yet.</span>
          ) : null}
        </form>
        {props.warnings.length ? (
          <ul className="space-y-1" data-testid="comparison-warnings">
            {props.warnings.map((warning) => (
              <li key={warning} className="flex gap-2 text-xs text-brand-700">
                <Badge tone="amber">Note</Badge>
                <span>{warning}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {against && props.changes ? <ConfigDiff changes={props.changes} /> : null}
      </CardBody>
    </Card>
  );
}

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { type ComparisonParams, comparisonHref } from "@/lib/comparisons/comparison-params";
import { formatContextBudget } from "@/lib/eval/format-context-budget";
import { MAX_CONTEXT_BUDGET_CHARS, MIN_CONTEXT_BUDGET_CHARS } from "@/lib/exchange/golden-set-schema";

/**
 * The budget the comparison's context measures use, and a GET form to change it that keeps the
 * rest of the page's state (every other parameter travels as a hidden field).
 */
export function ContextBudgetForm(props: { setId: string; state: ComparisonParams; budgetChars: number }) {
  const others = new URL(comparisonHref(props.setId, { ...props.state, budget: undefined }), "http://local")
    .searchParams;
  return (
    <form
      method="get"
      className="flex flex-wrap items-center gap-2 text-xs text-zinc-600"
      data-testid="context-budget-form"
    >
      {[...others].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label
        htmlFor="context-budget"
        title="Context recall, precision and IoU count the labeled text inside the first results that fit in this many characters"
      >
        Context budget
      </label>
      <div className="w-28">
        <Input
          id="context-budget"
          name="budget"
          type="number"
          min={MIN_CONTEXT_BUDGET_CHARS}
          max={MAX_CONTEXT_BUDGET_CHARS}
          step={100}
          defaultValue={props.budgetChars}
          className="tabular-nums"
        />
      </div>
      <span data-testid="context-budget">
        {formatContextBudget(props.budgetChars).replace(/^[\d,]+ /, "")}
      </span>
      <Button type="submit" size="sm" variant="secondary">
        Apply
      </Button>
    </form>
  );
}

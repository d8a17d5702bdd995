import { Button } from "@/components/ui/button";

/**
 * Which runs the τ is over: a plain GET form (`?runs=a,b`), so a report with chosen runs is a link.
 * The checkboxes send `run` one by one; the page reads them joined (see the page's params).
 */
export function RunChooser({
  pathname,
  runs,
  chosen,
  sample,
}: {
  pathname: string;
  runs: { id: string; label: string }[];
  chosen: string[];
  sample?: string;
}) {
  if (runs.length < 2) return null;
  const picked = new Set(chosen);
  return (
    <details className="rounded-lg border border-zinc-200 bg-white px-4 py-2 text-xs shadow-xs">
      <summary className="cursor-pointer font-medium text-zinc-700">Choose the runs τ compares</summary>
      <form action={pathname} method="get" className="mt-2 space-y-2" data-testid="report-runs-form">
        {sample ? <input type="hidden" name="sample" value={sample} /> : null}
        <div className="max-h-44 space-y-1 overflow-y-auto">
          {runs.map((run) => (
            <label key={run.id} className="flex items-center gap-2 text-zinc-800">
              <input type="checkbox" name="run" value={run.id} defaultChecked={picked.has(run.id)} />
              {run.label}
            </label>
          ))}
        </div>
        <Button type="submit" size="sm">
          Compare these runs
        </Button>
      </form>
    </details>
  );
}

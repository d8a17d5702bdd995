import { formatCountOf } from "@/components/ui/format-number";
import type { DescribedChange } from "@/lib/comparisons/compare-run-settings";

/** More rows than this fold under their summary line. */
const FOLD_AFTER = 8;

/**
 * What changed from the compared run to this one: one row per setting a person changed
 * (`compareRunSettings`: a switched retriever is one row), by its dotted path.
 */
export function ConfigDiff({ changes }: { changes: DescribedChange[] }) {
  const summary =
    changes.length === 0
      ? "Same configuration and scoring."
      : `${formatCountOf(changes.length, "setting")} ${changes.length === 1 ? "differs" : "differ"} (there → here)`;
  if (changes.length === 0)
    return (
      <p className="text-xs text-zinc-500" data-testid="config-diff">
        {summary}
      </p>
    );
  const table = (
    <table className="mt-1.5 w-full table-fixed">
      <tbody>
        {changes.map((change) => (
          <tr key={change.path} className="border-zinc-100 border-t">
            <td className="w-2/5 truncate py-1 pr-2 font-mono text-zinc-500" title={change.path}>
              {change.path}
            </td>
            <td className="truncate py-1 pr-2 font-mono text-zinc-400 line-through" title={change.before}>
              {change.before}
            </td>
            <td className="truncate py-1 font-mono text-zinc-900" title={change.after}>
              {change.after}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div className="text-xs" data-testid="config-diff">
      {changes.length > FOLD_AFTER ? (
        <details>
          <summary className="cursor-pointer text-zinc-500 hover:text-zinc-800">{summary}</summary>
          {table}
        </details>
      ) : (
        <>
          <p className="text-zinc-500">{summary}:</p>
          {table}
        </>
      )}
    </div>
  );
}

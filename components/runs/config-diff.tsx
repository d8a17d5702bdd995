import { formatCountOf } from "@/app/(app)/page-helpers";
import type { ConfigChange } from "@/lib/configs/diff-configs";

function show(value: unknown): string {
  if (value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** More rows than this fold under their summary line. */
const FOLD_AFTER = 8;

/** What changed from the compared run to this one: one row per changed setting, by its dotted path. */
export function ConfigDiff({ changes }: { changes: ConfigChange[] }) {
  const kind = changes.find((change) => change.path === "retriever.kind");
  const summary =
    changes.length === 0
      ? "Same configuration."
      : `${kind ? `Another retriever (${show(kind.before)} → ${show(kind.after)}): ` : ""}${formatCountOf(changes.length, "setting")} ${changes.length === 1 ? "differs" : "differ"} (there → here)`;
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
            <td
              className="truncate py-1 pr-2 font-mono text-zinc-400 line-through"
              title={show(change.before)}
            >
              {show(change.before)}
            </td>
            <td className="truncate py-1 font-mono text-zinc-900" title={show(change.after)}>
              {show(change.after)}
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

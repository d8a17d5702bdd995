import Link from "next/link";
import type { ConfigChange } from "@/lib/configs/diff-configs";

function show(value: unknown): string {
  if (value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** "What changed since run X": one row per changed setting, by its dotted path. */
export function ConfigDiff(props: { changes: ConfigChange[]; against: { href: string; name: string } }) {
  const { changes, against } = props;
  return (
    <div className="text-xs" data-testid="config-diff">
      <p className="mb-1.5 text-zinc-500">
        Compared with the previous run,{" "}
        <Link href={against.href} className="font-medium text-brand-700 hover:underline">
          {against.name}
        </Link>
        {changes.length === 0 ? ": same configuration." : ":"}
      </p>
      {changes.length ? (
        <table className="w-full table-fixed">
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
      ) : null}
    </div>
  );
}

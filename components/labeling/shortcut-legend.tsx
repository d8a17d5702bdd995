import { Kbd } from "@/components/ui/kbd";
import { shortcutLegend } from "./labeling-shortcuts";

/** Compact list of the workspace's keyboard shortcuts. */
export function ShortcutLegend({ grades }: { grades: number[] }) {
  const digits = grades.filter((grade) => grade >= 1 && grade <= 9).map(String);
  const rows =
    digits.length > 0 ? [{ keys: digits, description: "Choose grade" }, ...shortcutLegend] : shortcutLegend;
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-xs">
      {rows.map((row) => (
        <div key={row.description} className="contents">
          <dt className="flex gap-0.5">
            {row.keys.map((key) => (
              <Kbd key={key}>{key}</Kbd>
            ))}
          </dt>
          <dd className="text-zinc-500">{row.description}</dd>
        </div>
      ))}
    </dl>
  );
}

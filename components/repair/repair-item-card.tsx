import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { Kbd } from "@/components/ui/kbd";
import { Link } from "@/components/ui/link";
import type { RepairItem } from "@/lib/curation/load-repair-queue";

type RepairItemCardProps = {
  item: RepairItem;
  active: boolean;
  chosen: number;
  pending: boolean;
  reselectHref: string;
  onActivate: () => void;
  onChoose: (candidate: number) => void;
  onAccept: () => void;
  onDrop: () => void;
};

/** One label of the repair queue: the old quote in its context, the candidates in the new text. */
export function RepairItemCard(props: RepairItemCardProps) {
  const { item, active, chosen, pending } = props;
  return (
    <section
      aria-current={active ? "true" : undefined}
      data-testid="repair-item"
      data-label-id={item.labelId}
      onFocusCapture={props.onActivate}
      className={cx(
        "rounded-lg border bg-white p-3",
        active ? "border-brand-500 ring-1 ring-brand-500" : "border-zinc-200",
      )}
    >
      <div className="flex flex-wrap items-baseline gap-2 text-sm">
        <Badge tone={item.state === "orphaned" ? "red" : "amber"}>{item.state}</Badge>
        <span className="font-medium text-zinc-900">{item.query.text}</span>
        <span className="font-mono text-[11px] text-zinc-400">{item.query.key}</span>
        <span className="ml-auto text-xs text-zinc-500">
          {item.document.title || item.document.externalId} · v{item.labeledVersion} → v
          {item.document.version} · grade {item.grade}
          {item.annotatorName ? ` · ${item.annotatorName}` : ""}
        </span>
      </div>
      <p className="mt-2 text-xs text-zinc-500" data-testid="repair-old-quote">
        <span className="mr-1 font-medium text-zinc-700">Was:</span>
        {item.old.prefix ? <span>…{item.old.prefix}</span> : null}
        <mark className="rounded-sm bg-red-50 px-px text-zinc-900 line-through decoration-red-300">
          {item.old.exact}
        </mark>
        {item.old.suffix ? <span>{item.old.suffix}…</span> : null}
      </p>
      {item.candidates.length === 0 ? (
        <p className="mt-2 text-xs text-zinc-500">
          Nothing in the new text comes close. Re-select the passage by hand (<Kbd>E</Kbd>) or drop the label
          (<Kbd>X</Kbd>).
        </p>
      ) : (
        <ol className="mt-2 space-y-1">
          {item.candidates.map((candidate, index) => (
            <li key={`${candidate.start}-${candidate.end}`}>
              <button
                type="button"
                onClick={() => props.onChoose(index)}
                aria-pressed={index === chosen}
                data-testid="repair-candidate"
                className={cx(
                  "flex w-full items-baseline gap-2 rounded border px-2 py-1 text-left text-xs",
                  index === chosen ? "border-brand-500 bg-brand-50/60" : "border-zinc-100 hover:bg-zinc-50",
                )}
              >
                <Kbd>{index + 1}</Kbd>
                <span className="min-w-0 flex-1 text-zinc-500">
                  …{candidate.before}
                  <mark className="rounded-sm bg-emerald-100 px-px text-zinc-900">{candidate.text}</mark>
                  {candidate.after}…
                </span>
                <span className="shrink-0 text-[11px] text-zinc-400 tabular-nums" title="Match score">
                  {Math.round(candidate.score * 100)}%
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {item.mayChange ? (
          <>
            <button
              type="button"
              onClick={props.onAccept}
              disabled={pending || item.candidates.length === 0}
              data-testid="repair-accept"
              className="rounded bg-zinc-900 px-2 py-1 font-medium text-white text-xs disabled:opacity-50"
            >
              Accept candidate {item.candidates.length ? chosen + 1 : ""} <Kbd tone="dark">A</Kbd>
            </button>
            <Link
              href={props.reselectHref}
              data-testid="repair-reselect"
              className="rounded border border-zinc-200 px-2 py-1 text-xs text-zinc-700 hover:bg-zinc-50"
            >
              Re-select by hand <Kbd>E</Kbd>
            </Link>
            <button
              type="button"
              onClick={props.onDrop}
              disabled={pending}
              data-testid="repair-drop"
              className="rounded border border-zinc-200 px-2 py-1 text-red-700 text-xs hover:bg-red-50 disabled:opacity-50"
            >
              Drop label <Kbd>X</Kbd>
            </button>
          </>
        ) : (
          <p className="text-xs text-zinc-500">
            Another annotator's label: they, an engineer or an admin can repair it.{" "}
            <Link href={props.reselectHref} className="underline">
              Open the document
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}

import { formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import type { QueryPassages as QueryPassagesData } from "@/lib/runs/load-query-passages";
import { PassageItem, QueryLabelItem } from "./query-passage-items";

type QueryPassagesProps = {
  data: QueryPassagesData;
  /** The labeling workspace of this query; `?doc=<document id>` opens a document in it. */
  labelingHref: string;
};

/**
 * One query's retrieved passages in a run, rank by rank: document, score, an excerpt of the chunk,
 * the labels it satisfies — and "unjudged" where no label of the query covers it — after the
 * query's labels as the run resolved them.
 */
export function QueryPassages({ data, labelingHref }: QueryPassagesProps) {
  const { labels, passages, gradeNames, relevantThreshold, coverage } = data;
  const unjudged = passages.filter((passage) => passage.judgement === "unjudged").length;
  const grade = (value: number) => (gradeNames[value] ? `${value} · ${gradeNames[value]}` : String(value));
  return (
    <div className="space-y-3" data-testid="query-passages">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-xs text-zinc-600">
          {formatCountOf(passages.length, "passage")} retrieved ·{" "}
          <span className={unjudged ? "font-medium text-brand-700" : ""}>
            {formatCountOf(unjudged, "unjudged passage")}
          </span>{" "}
          · {formatCountOf(labels.length, "label")} on this query in the run's set version
        </p>
        <Link href={labelingHref} className="text-xs font-medium text-brand-700 hover:underline">
          Label this query →
        </Link>
      </div>
      {labels.length ? (
        <ul className="grid gap-1 text-xs sm:grid-cols-2" data-testid="query-labels">
          {labels.map((label) => (
            <QueryLabelItem
              key={label.id}
              label={label}
              relevantThreshold={relevantThreshold}
              grade={grade}
            />
          ))}
        </ul>
      ) : null}
      {passages.length === 0 ? (
        <p className="text-xs text-zinc-500">The run retrieved nothing for this query.</p>
      ) : (
        <ol className="divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white">
          {passages.map((passage) => (
            <PassageItem
              key={passage.rank}
              passage={passage}
              coverage={coverage}
              labelingHref={labelingHref}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

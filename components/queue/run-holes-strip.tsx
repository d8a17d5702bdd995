import { ButtonLink } from "@/components/ui/button";
import { Link } from "@/components/ui/link";

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * A run's holes (its top-k results no judgment covers) and judged@k with today's labels — which
 * rises as holes are judged, while the run's stored judged@k stays what it was when scored.
 */
export function RunHolesStrip(props: {
  k: number;
  holes: number;
  judgedNow: number;
  /** Queries with a relevant judgment now: judged@k is their mean, as for the stored figure. */
  queries: number;
  /** The run's stored judged@k, when it has one at this k. */
  judgedStored: number | undefined;
  holesHref: string;
  fillHref: string;
}) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-zinc-200 bg-white px-4 py-2.5 text-sm shadow-xs"
      data-testid="run-holes"
    >
      <span>
        <span className="font-semibold text-zinc-900 tabular-nums" data-testid="run-holes-count">
          {props.holes.toLocaleString("en-US")}
        </span>{" "}
        <Link href={props.holesHref} className="text-zinc-700 hover:underline" data-testid="run-holes-link">
          {props.holes === 1 ? "hole" : "holes"}
        </Link>
        <span className="text-zinc-500"> — results in the top {props.k} that no judgment covers</span>
      </span>
      <span className="text-zinc-500">
        judged@{props.k} with today's judgments{" "}
        <span className="font-semibold text-zinc-900 tabular-nums" data-testid="run-judged-now">
          {percent(props.judgedNow)}
        </span>{" "}
        over the{" "}
        <span className="tabular-nums" data-testid="run-holes-queries">
          {props.queries.toLocaleString("en-US")}
        </span>{" "}
        {props.queries === 1 ? "query" : "queries"} with relevant labels now
        {props.judgedStored !== undefined ? <> (when scored: {percent(props.judgedStored)})</> : null}
      </span>
      {props.holes > 0 ? (
        <ButtonLink
          href={props.fillHref}
          size="sm"
          variant="primary"
          className="ml-auto"
          data-testid="run-fill-holes"
        >
          Fill these holes
        </ButtonLink>
      ) : null}
    </div>
  );
}

import { ModelJudgmentsTable } from "@/components/judging/model-judgments-table";
import { Card, CardHeader } from "@/components/ui/card";
import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import type { ModelJudgmentView } from "@/lib/db/model-judgments";
import type { ModelJudgmentStatus } from "@/lib/judging/model-judgment-status";
import type { GradeScale } from "@/lib/sets/set-schema";
import { ListPager } from "../../../list-pager";
import { listHref } from "../../../page-helpers";
import { JUDGMENTS_PAGE_SIZE, type JudgingPageParams } from "./load-judging-page";

const filters: { status: ModelJudgmentStatus | undefined; label: string }[] = [
  { status: undefined, label: "All" },
  { status: "supported", label: "Supported" },
  { status: "not_needed", label: "No quote needed" },
  { status: "unsupported", label: "Unsupported" },
  { status: "failed", label: "Failed" },
];

/** The set's model judgments, paged, filtered by status (and judge when several judged the set). */
export function JudgmentsCard(props: {
  setId: string;
  params: JudgingPageParams;
  judgments: { rows: ModelJudgmentView[]; total: number };
  grades: GradeScale;
  judges: { id: string; name: string; version: number }[];
}) {
  const { setId, params, judgments } = props;
  const pathname = `/sets/${setId}/judging`;
  const linkClass =
    "rounded px-2 py-1 font-medium text-zinc-600 hover:bg-zinc-100 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white";
  return (
    <Card>
      <CardHeader
        title={`Model judgments (${formatCount(judgments.total)})`}
        description="Supported judgments are labels by the annotator model:<judge>; whether they count is the set's model-judgments policy. Unsupported ones quote text the passage does not hold: never relevant."
        actions={
          <nav className="flex flex-wrap gap-1 text-xs" aria-label="Filter judgments by status">
            {filters.map((filter) => (
              <Link
                key={filter.label}
                href={listHref(pathname, { status: filter.status, judge: params.judge })}
                aria-current={filter.status === params.status ? "page" : undefined}
                className={linkClass}
                data-testid={`judgments-filter-${filter.status ?? "all"}`}
              >
                {filter.label}
              </Link>
            ))}
          </nav>
        }
      />
      {props.judges.length > 1 ? (
        <nav
          className="flex flex-wrap gap-1 border-zinc-100 border-b px-4 py-2 text-xs"
          aria-label="Filter judgments by judge"
        >
          {[undefined, ...props.judges].map((judge) => (
            <Link
              key={judge?.id ?? "all"}
              href={listHref(pathname, { status: params.status, judge: judge?.id })}
              aria-current={judge?.id === params.judge ? "page" : undefined}
              className={linkClass}
            >
              {judge ? `${judge.name} v${judge.version}` : "Every judge"}
            </Link>
          ))}
        </nav>
      ) : null}
      {judgments.total === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-zinc-500" data-testid="no-judgments">
          {params.status || params.judge
            ? "No judgment matches this filter."
            : "No model judgments on this set yet: start a judging job above."}
        </p>
      ) : (
        <>
          <ModelJudgmentsTable rows={judgments.rows} setId={setId} grades={props.grades} />
          <ListPager
            pathname={pathname}
            params={{ status: params.status, judge: params.judge }}
            page={params.page}
            pageSize={JUDGMENTS_PAGE_SIZE}
            total={judgments.total}
            noun="judgments"
          />
        </>
      )}
    </Card>
  );
}

import { Alert, type AlertTone } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { Stat } from "@/components/ui/stat";
import { describeAgreement } from "@/lib/agreement/describe-agreement";
import type { JudgeReportView } from "@/lib/db/judge-report";
import type { VerdictOutcome } from "@/lib/judging/judge-report";
import {
  alphaFigure,
  type Figure,
  formatInterval,
  kappaFigure,
  peopleKappaFigure,
  tauFigure,
  unsupportedFigure,
} from "./report-figures";

const verdictTones: Record<VerdictOutcome, AlertTone> = {
  agrees: "success",
  agrees_less: "warning",
  too_few_pairs: "info",
  undefined: "info",
  no_people_figure: "info",
};

/** The one plain line on top of the report. */
export function JudgeVerdict({ verdict }: { verdict: JudgeReportView["verdict"] }) {
  return (
    <Alert tone={verdictTones[verdict.outcome]} className="mb-5" data-testid="judge-verdict">
      <span data-outcome={verdict.outcome}>{verdict.text}</span>
    </Alert>
  );
}

/** A figure tile: the value (or "—"), what it means in one line, and why it is missing if it is. */
export function FigureStat(props: {
  label: string;
  figure: Figure;
  meaning: string;
  detail?: string | null;
  reading?: number | null;
  "data-testid"?: string;
}) {
  const { figure } = props;
  return (
    <Stat
      label={props.label}
      value={
        figure.value === null ? (
          <span className="text-zinc-400">—</span>
        ) : (
          <span className="inline-flex items-baseline gap-1.5">
            {figure.value}
            {props.reading !== undefined ? <Badge>{describeAgreement(props.reading ?? null)}</Badge> : null}
          </span>
        )
      }
      hint={
        <>
          {props.detail ? <span className="block text-zinc-700 tabular-nums">{props.detail}</span> : null}
          <span className="block">{props.meaning}</span>
          {figure.reason ? <span className="block text-zinc-400">Undefined: {figure.reason}.</span> : null}
        </>
      }
      data-testid={props["data-testid"]}
    />
  );
}

/** Kappa beside people's kappa, alpha both ways, unsupported rate, τ-b and the pairs they are over. */
export function JudgeReportStats({ report, relevance }: { report: JudgeReportView; relevance: string }) {
  const { agreement } = report;
  const interval = formatInterval(agreement.kappaInterval);
  return (
    <div className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <FigureStat
        label="κ judge vs people"
        figure={kappaFigure(agreement)}
        reading={agreement.kappa}
        detail={interval ? `95% CI ${interval}` : null}
        meaning={`Cohen's kappa on relevant or not (${relevance}): 1 perfect, 0 what chance gives.`}
        data-testid="judge-kappa"
      />
      <FigureStat
        label="κ people vs people"
        figure={peopleKappaFigure(report.peopleKappa)}
        reading={report.peopleKappa}
        meaning="The same kappa between this set's annotators: the bar the judge is held to."
        data-testid="people-kappa"
      />
      <FigureStat
        label="α ordinal"
        figure={alphaFigure(agreement.alpha.ordinal, agreement.items)}
        reading={agreement.alpha.ordinal}
        meaning="Krippendorff's alpha on grades in order: 3 vs 2 is a smaller miss than 3 vs 0."
        data-testid="judge-alpha-ordinal"
      />
      <FigureStat
        label="α nominal"
        figure={alphaFigure(agreement.alpha.nominal, agreement.items)}
        reading={agreement.alpha.nominal}
        meaning="Krippendorff's alpha on grades as categories: any different grade is a miss."
        data-testid="judge-alpha-nominal"
      />
      <FigureStat
        label="Pairs compared"
        figure={{ value: formatCount(agreement.items), reason: null }}
        meaning="(query, document) pairs judged by a person and by the judge with evidence: what κ and α are over."
        data-testid="judge-pairs"
      />
      <FigureStat
        label="Unsupported rate"
        figure={unsupportedFigure(report)}
        detail={`${formatCount(report.unsupported)} of ${formatCountOf(report.modelJudgments, "judgment")}`}
        meaning="Judgments whose quote is not in the passage: never relevant, left out of κ and α. High: distrust the judge."
        data-testid="judge-unsupported"
      />
      <FigureStat
        label="Kendall's τ-b"
        figure={tauFigure(report.tau)}
        detail={formatCountOf(report.tau.runs, "run")}
        meaning="How alike the runs rank by nDCG@10 under people's judgments and the judge's: 1 same order, −1 reversed."
        data-testid="judge-tau"
      />
    </div>
  );
}

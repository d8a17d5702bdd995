import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import type { CalibrationView } from "@/lib/db/judge-report";
import { FigureStat } from "./judge-report-stats";
import { alphaFigure, formatInterval, kappaFigure } from "./report-figures";

/** The calibration sample's agreement with its 95% interval, above the form that draws a new one. */
export function CalibrationCard({
  calibration,
  samples,
  assigned,
  form,
}: {
  calibration: CalibrationView | null;
  /** Every sample of this judge on the set, newest first, with the link that shows it. */
  samples: { id: string; createdAt: Date; size: number; href: string }[];
  /** Assignments the last draw created (from the redirect), if it just happened. */
  assigned: number | null;
  form: ReactNode;
}) {
  return (
    <Card>
      <CardHeader
        title="Calibration sample"
        description="The honest check: people judge a random sample of the judge's passages without seeing its grades, then agreement is measured on exactly those."
      />
      <CardBody className="space-y-4">
        {samples.length > 1 ? (
          <nav className="flex flex-wrap gap-1 text-xs" aria-label="Calibration samples">
            {samples.map((sample) => (
              <Link
                key={sample.id}
                href={sample.href}
                aria-current={sample.id === calibration?.id ? "page" : undefined}
                className="rounded px-2 py-1 font-medium text-zinc-600 hover:bg-zinc-100 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white"
              >
                {formatDateTime(sample.createdAt)} · {formatCountOf(sample.size, "passage")}
              </Link>
            ))}
          </nav>
        ) : null}
        {calibration ? <CalibrationResult calibration={calibration} assigned={assigned} /> : null}
        {form}
      </CardBody>
    </Card>
  );
}

function CalibrationResult({
  calibration,
  assigned,
}: {
  calibration: CalibrationView;
  assigned: number | null;
}) {
  const interval = formatInterval(calibration.agreement.kappaInterval);
  return (
    <div className="space-y-3" data-testid="calibration-result">
      {assigned !== null ? (
        <Alert tone="success" data-testid="calibration-drawn">
          Drew {formatCountOf(calibration.size, "passage")} and made {formatCountOf(assigned, "assignment")}:
          the sample's queries are in the chosen people's queues. Come back when they have judged them.
        </Alert>
      ) : null}
      <p className="text-xs text-zinc-600">
        Sample of {formatDateTime(calibration.createdAt)} (seed {calibration.seed}):{" "}
        {formatCount(calibration.judged)} of {formatCountOf(calibration.size, "passage")} judged by people so
        far ·{" "}
        {calibration.strata
          .map((stratum) => `grade ${stratum.grade}: ${stratum.sampled} of ${stratum.available}`)
          .join(", ")}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <FigureStat
          label="κ on the sample"
          figure={kappaFigure(calibration.agreement)}
          reading={calibration.agreement.kappa}
          detail={interval ? `95% CI ${interval}` : null}
          meaning="Kappa judge vs people on the sampled passages people have judged; the interval is a bootstrap over them."
          data-testid="calibration-kappa"
        />
        <FigureStat
          label="α ordinal on the sample"
          figure={alphaFigure(calibration.agreement.alpha.ordinal, calibration.agreement.items)}
          reading={calibration.agreement.alpha.ordinal}
          meaning="Grades in order, on the same passages."
          data-testid="calibration-alpha"
        />
      </div>
    </div>
  );
}

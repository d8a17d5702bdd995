import type { Metadata } from "next";
import { z } from "zod";
import { CalibrationCard } from "@/components/judging/calibration-card";
import { CalibrationForm } from "@/components/judging/calibration-form";
import { ConfusionMatrix } from "@/components/judging/confusion-matrix";
import { JudgeReportStats, JudgeVerdict } from "@/components/judging/judge-report-stats";
import { RunChooser } from "@/components/judging/run-chooser";
import { RunRankings } from "@/components/judging/run-rankings";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { listLabelers } from "@/lib/db/assignments";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { listCalibrationSamples, loadJudgeReport } from "@/lib/db/judge-report";
import { listSetRunChoices } from "@/lib/db/runs";
import { MODEL_ROLE } from "@/lib/judging/model-annotator";
import { orNotFound } from "../../../../page-helpers";
import { setBreadcrumbs } from "../../set-breadcrumbs";
import { createCalibrationAction } from "./actions";

export const metadata: Metadata = { title: "Judge report" };

type Props = {
  params: Promise<{ id: string; judgeId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const paramsSchema = z.object({
  sample: z.string().min(1).optional().catch(undefined),
  assigned: z.coerce.number().int().min(0).optional().catch(undefined),
  /** `?run=a&run=b` (the chooser's checkboxes) or `?runs=a,b` (a link). */
  runs: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(",")).filter(Boolean))
    .pipe(z.array(z.string()).min(1))
    .optional()
    .catch(undefined),
});

/**
 * Engineers and admins: how far to trust a judge on this set (issue 23, item 6) — the verdict,
 * agreement with people beside people's agreement with each other, the confusion of grades, the
 * unsupported rate, the runs ranked both ways, and the calibration sample.
 */
export default async function JudgeReportPage({ params, searchParams }: Props) {
  await requirePageUser("evaluate");
  const { id, judgeId } = await params;
  const raw = await searchParams;
  const search = paramsSchema.parse({ ...raw, runs: raw.run ?? raw.runs });
  const set = await orNotFound(getGoldenSet(db(), id));
  const samples = await listCalibrationSamples(db(), { setId: id, judgeId });
  // the newest sample unless another is chosen
  const sampleId = search.sample ?? samples[0]?.id;
  const [report, labelers, runs] = await Promise.all([
    orNotFound(
      loadJudgeReport(db(), { setId: id, judgeId, runIds: search.runs, calibrationSampleId: sampleId }),
    ),
    listLabelers(db()),
    listSetRunChoices(db(), { setId: id }),
  ]);
  const relevantName = set.gradeScale.find((level) => level.grade === set.relevantThreshold)?.name;
  const relevance = `grade ≥ ${set.relevantThreshold}${relevantName ? ` (${relevantName})` : ""}`;
  const { judge } = report;
  const pathname = `/sets/${id}/judging/${judgeId}`;
  return (
    <>
      <PageHeader
        breadcrumbs={setBreadcrumbs(set, { href: `/sets/${id}/judging`, label: "Judging" })}
        title={`Report: ${judge.name} v${judge.version}`}
        description={
          <>
            {judge.settings.model} at {judge.settings.baseUrl}. Figures are over the pairs a person and the
            judge both judged (people's grade as the set's policy resolves their labels); read what they mean
            in the README, section “Model-assisted judging”.{" "}
            <Link
              href={`/sets/${id}/judging?judge=${judgeId}`}
              className="font-medium text-zinc-700 hover:underline"
            >
              Its judgments
            </Link>
          </>
        }
      />
      <JudgeVerdict verdict={report.verdict} />
      <JudgeReportStats report={report} relevance={relevance} />
      <div className="mb-5 grid items-start gap-5 xl:grid-cols-2">
        <ConfusionMatrix confusion={report.confusion} grades={set.gradeScale} />
        <div className="space-y-3">
          <RunRankings report={report} />
          <RunChooser
            pathname={pathname}
            sample={search.sample}
            runs={runs
              .filter((run) => run.status === "succeeded")
              .map((run) => ({ id: run.id, label: `${run.config.name} v${run.config.version}` }))}
            chosen={report.runs.map((run) => run.id)}
          />
        </div>
      </div>
      <CalibrationCard
        calibration={report.calibration}
        samples={samples.map((sample) => ({ ...sample, href: `${pathname}?sample=${sample.id}` }))}
        assigned={search.sample ? (search.assigned ?? null) : null}
        form={
          <CalibrationForm
            action={createCalibrationAction.bind(null, id, judgeId)}
            people={labelers.filter((person) => person.role !== MODEL_ROLE)}
          />
        }
      />
    </>
  );
}

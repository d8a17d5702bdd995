import type { z } from "zod";
import type {
  judgeReportResponseSchema,
  judgeResponseSchema,
  judgingJobResponseSchema,
} from "@/lib/api/judging-v1-schemas";
import type { JudgeSettings } from "@/lib/judging/judge-settings-schema";
import { modelAnnotatorName } from "@/lib/judging/model-annotator";

// What lib/db answers (JudgingJobView, JudgeRow, JudgeReportView), described structurally: lib/api
// stays free of data access.
type JobResponse = z.output<typeof judgingJobResponseSchema>;
type JudgingJobView = Omit<JobResponse, "createdAt" | "finishedAt"> & {
  createdAt: Date;
  finishedAt: Date | null;
};
type JudgeRow = {
  id: string;
  name: string;
  version: number;
  settings: JudgeSettings;
  used: boolean;
  createdAt: Date;
  archivedAt: Date | null;
};
type ReportResponse = z.output<typeof judgeReportResponseSchema>;
type Calibration = NonNullable<ReportResponse["calibration"]>;
type JudgeReportView = Omit<ReportResponse, "judge" | "runs" | "calibration"> & {
  judge: JudgeRow;
  runs: { id: string; label: string }[];
  runScores: { runId: string; human: number; model: number }[];
  calibration: (Omit<Calibration, "createdAt"> & { createdAt: Date }) | null;
};

export function presentJudgingJob(job: JudgingJobView): z.output<typeof judgingJobResponseSchema> {
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    message: job.message,
    error: job.error,
    setId: job.setId,
    judgeId: job.judgeId,
    judgeName: job.judgeName,
    judgeVersion: job.judgeVersion,
    source: job.source,
    figures: job.figures,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export function presentJudge(judge: JudgeRow): z.output<typeof judgeResponseSchema> {
  const { name: _name, ...settings } = judge.settings;
  return {
    id: judge.id,
    name: judge.name,
    version: judge.version,
    settings,
    annotator: modelAnnotatorName(judge.name),
    used: judge.used,
    createdAt: judge.createdAt.toISOString(),
    archivedAt: judge.archivedAt?.toISOString() ?? null,
  };
}

export function presentJudgeReport(report: JudgeReportView): z.output<typeof judgeReportResponseSchema> {
  return {
    set: report.set,
    judge: presentJudge(report.judge),
    agreement: report.agreement,
    peopleKappa: report.peopleKappa,
    confusion: report.confusion,
    modelJudgments: report.modelJudgments,
    unsupported: report.unsupported,
    unsupportedRate: report.unsupportedRate,
    tau: report.tau,
    runs: report.runScores.map((scores, index) => ({
      id: scores.runId,
      label: report.runs[index]?.label ?? scores.runId,
      human: scores.human,
      model: scores.model,
    })),
    verdict: report.verdict,
    calibration: report.calibration
      ? { ...report.calibration, createdAt: report.calibration.createdAt.toISOString() }
      : null,
  };
}

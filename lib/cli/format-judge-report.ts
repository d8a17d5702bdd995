import type { JudgeReportView } from "@/lib/db/judge-report";
import type { JudgingJobView } from "@/lib/db/judging-jobs";

/** "1 pair", "2 pairs": a count with its noun, thousands separated. */
function count(value: number, singular: string, plural = `${singular}s`): string {
  return `${value.toLocaleString("en-US")} ${value === 1 ? singular : plural}`;
}

function fixed(value: number | null, digits = 2): string {
  return value === null ? "–" : value.toFixed(digits);
}

function percent(value: number | null): string {
  return value === null ? "–" : `${(value * 100).toFixed(1)}%`;
}

/** The agreement line of a report (whole, or its calibration sample). */
function agreementLine(agreement: JudgeReportView["agreement"], peopleKappa: number | null): string {
  const interval = agreement.kappaInterval
    ? ` (95% CI ${fixed(agreement.kappaInterval.lower)} to ${fixed(agreement.kappaInterval.upper)})`
    : "";
  return `kappa ${fixed(agreement.kappa)}${interval} against ${fixed(peopleKappa)} between people; alpha ordinal ${fixed(agreement.alpha.ordinal)}, nominal ${fixed(agreement.alpha.nominal)}`;
}

/** What `goldenset judge` prints without --json: the job's figures, agreement, τ and the verdict. */
export function formatJudgeSummary(options: {
  job: JudgingJobView;
  report: JudgeReportView;
  setName: string;
}): string {
  const { job, report, setName } = options;
  const { figures } = job;
  const cost = figures.cost === null ? "" : `, cost $${figures.cost.toFixed(4)}`;
  return [
    `judge "${report.judge.name}" v${report.judge.version} on "${setName}": job ${job.id} ${job.status}`,
    `  ${count(figures.pairs, "pair")}: ${figures.judged.toLocaleString("en-US")} judged (${figures.cached.toLocaleString("en-US")} cached), ${figures.unsupported.toLocaleString("en-US")} unsupported, ${figures.failed.toLocaleString("en-US")} failed`,
    `  ${count(figures.calls, "request")}, ${count(figures.promptTokens, "prompt token")}, ${count(figures.completionTokens, "completion token")}${cost}`,
    `  agreement with people on ${count(report.agreement.items, "pair")}: ${agreementLine(report.agreement, report.peopleKappa)}`,
    `  Kendall's tau-b over ${count(report.tau.runs, "run")} by nDCG@10: ${fixed(report.tau.value)}`,
    `  ${report.verdict.text}`,
    "",
  ].join("\n");
}

/** What `goldenset judge-report` prints without --json. */
export function formatJudgeReport(report: JudgeReportView): string {
  const { confusion } = report;
  const width = Math.max(6, ...confusion.counts.flat().map((value) => String(value).length + 2));
  const cell = (text: string) => text.padStart(width);
  const lines = [
    `Judge "${report.judge.name}" v${report.judge.version} (${report.judge.settings.model}) on "${report.set.name}"`,
    `  ${report.verdict.text}`,
    "",
    `Agreement on ${count(report.agreement.items, "pair")} a person and the judge both judged:`,
    `  ${agreementLine(report.agreement, report.peopleKappa)}`,
    `Unsupported: ${report.unsupported.toLocaleString("en-US")} of ${count(report.modelJudgments, "judgment")} (${percent(report.unsupportedRate)}): the quote was not in the passage`,
    "",
    "Grades, person (rows) by judge (columns):",
    `  ${cell("")}${confusion.grades.map((grade) => cell(String(grade))).join("")}`,
    ...confusion.grades.map(
      (grade, row) =>
        `  ${cell(String(grade))}${confusion.counts[row]!.map((value) => cell(String(value))).join("")}`,
    ),
    "",
    `Kendall's tau-b over ${count(report.tau.runs, "run")} by nDCG@10: ${fixed(report.tau.value)}`,
    ...report.runScores.map((scores, index) => {
      const label = report.runs[index]?.label ?? scores.runId;
      return `  ${label.padEnd(28)} people ${scores.human.toFixed(4)}  judge ${scores.model.toFixed(4)}  (${scores.runId})`;
    }),
  ];
  if (report.calibration) {
    const sample = report.calibration;
    lines.push(
      "",
      `Calibration sample ${sample.id}: ${sample.judged.toLocaleString("en-US")} of ${count(sample.size, "passage")} judged by people so far`,
      `  ${agreementLine(sample.agreement, report.peopleKappa)}`,
    );
  }
  lines.push("");
  return lines.join("\n");
}

import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import {
  type JudgeJudgmentRow,
  listJudgeJudgments,
  listReportRuns,
  loadPeopleJudgments,
  loadRunEntries,
  ndcgAt10,
  pairKey,
} from "@/lib/db/judge-report-data";
import { getJudge, type JudgeRow } from "@/lib/db/judges";
import { AppError } from "@/lib/errors";
import type { QrelEntry } from "@/lib/eval/trec/trec-types";
import type { CalibrationStratum } from "@/lib/judging/calibration-sample";
import { computeJudgeReport, type JudgeReport, type JudgeReportPair } from "@/lib/judging/judge-report";
import { gradeScaleSchema } from "@/lib/sets/set-schema";

export { createCalibrationSample, listCalibrationSamples } from "@/lib/db/calibration-samples";

/** Runs the τ is over when none are chosen: the set's newest succeeded runs, at most this many. */
const DEFAULT_REPORT_RUNS = 10;

/** Agreement on a calibration sample: its sampled judgments that people have judged since. */
export type CalibrationView = {
  id: string;
  createdAt: Date;
  seed: number;
  /** Judgments drawn. */
  size: number;
  strata: CalibrationStratum[];
  /** Of those, how many a person has judged (their pair has a people's grade): what agreement is over. */
  judged: number;
  agreement: JudgeReport["agreement"];
};

export type JudgeReportView = JudgeReport & {
  set: { id: string; name: string };
  judge: JudgeRow;
  /** The runs of the τ, in the order of `runScores`. */
  runs: { id: string; label: string }[];
  /** nDCG@10 of each run under people's qrels and under the judge's. */
  runScores: { runId: string; human: number; model: number }[];
  calibration: CalibrationView | null;
};

const strataSchema = z.array(z.object({ grade: z.number(), available: z.number(), sampled: z.number() }));

/**
 * How far to trust a judge on a set (issue 23, item 6). Agreement is over the (query, document)
 * pairs with both a people's grade (the set's judgment policy over people's labels only) and a
 * supported (or grade-0 quote-free) judgment of this judge — the judge's pair grade being the
 * highest over the pair's judged passages. The unsupported rate is over every judgment of the
 * judge on the set that did not fail (passages, not pairs). τ-b orders `runIds` (default: the set's
 * newest succeeded runs) by nDCG@10 under people's qrels and under the judge's supported judgments.
 * With `calibrationSampleId`, `calibration` holds agreement on that sample's judgments whose pair a
 * person has judged, with the bootstrap 95% interval of its kappa.
 */
export async function loadJudgeReport(
  prisma: Db,
  options: { setId: string; judgeId: string; runIds?: string[]; calibrationSampleId?: string },
): Promise<JudgeReportView> {
  const set = await getGoldenSet(prisma, options.setId);
  const judge = await getJudge(prisma, options.judgeId);
  const grades = gradeScaleSchema.parse(set.gradeScale).map((level) => level.grade);
  const people = await loadPeopleJudgments(prisma, set);
  const judgments = await listJudgeJudgments(prisma, { setId: set.id, judgeId: judge.id });
  const modelPairs = supportedPairGrades(judgments);
  const pairs: JudgeReportPair[] = [...modelPairs].map(([key, pair]) => ({
    personGrade: people.grades.get(key) ?? null,
    model: { grade: pair.grade, supported: true },
  }));
  const runs = await listReportRuns(prisma, {
    setId: set.id,
    runIds: options.runIds,
    limit: DEFAULT_REPORT_RUNS,
  });
  if (options.runIds) {
    const found = new Set(runs.map((run) => run.id));
    const missing = options.runIds.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw new AppError("not_found", `No succeeded run ${missing.join(", ")} in this set.`);
  }
  const modelQrels: QrelEntry[] = [...modelPairs.values()].map((pair) => ({
    queryId: pair.queryKey,
    docId: pair.docId,
    grade: pair.grade,
  }));
  const runScores = [];
  for (const run of runs) {
    const entries = await loadRunEntries(prisma, run.id);
    runScores.push({
      runId: run.id,
      human: ndcgAt10({ qrels: people.qrels, run: entries }),
      model: ndcgAt10({ qrels: modelQrels, run: entries }),
    });
  }
  const report = computeJudgeReport({
    pairs,
    grades,
    relevantThreshold: set.relevantThreshold,
    peopleKappa: people.kappa,
    runs: runScores,
  });
  const unsupported = judgments.filter((judgment) => !judgment.supported).length;
  return {
    ...report,
    modelJudgments: judgments.length,
    unsupported,
    unsupportedRate: judgments.length === 0 ? null : unsupported / judgments.length,
    set: { id: set.id, name: set.name },
    judge,
    runs,
    runScores,
    calibration: options.calibrationSampleId
      ? await loadCalibration(prisma, {
          sampleId: options.calibrationSampleId,
          setId: set.id,
          judgeId: judge.id,
          peopleGrades: people.grades,
          peopleKappa: people.kappa,
          grades,
          relevantThreshold: set.relevantThreshold,
        })
      : null,
  };
}

/** Per (query, document) pair with a supported judgment: the highest supported grade. */
function supportedPairGrades(judgments: JudgeJudgmentRow[]) {
  const pairs = new Map<string, { grade: number; queryKey: string; docId: string }>();
  for (const judgment of judgments) {
    if (!judgment.supported) continue;
    const key = pairKey(judgment.queryId, judgment.documentId);
    const known = pairs.get(key);
    if (!known || judgment.grade > known.grade)
      pairs.set(key, { grade: judgment.grade, queryKey: judgment.queryKey, docId: judgment.docId });
  }
  return pairs;
}

async function loadCalibration(
  prisma: Db,
  options: {
    sampleId: string;
    setId: string;
    judgeId: string;
    peopleGrades: Map<string, number>;
    peopleKappa: number | null;
    grades: number[];
    relevantThreshold: number;
  },
): Promise<CalibrationView> {
  const sample = await prisma.calibrationSample.findUnique({ where: { id: options.sampleId } });
  if (!sample || sample.goldenSetId !== options.setId || sample.judgeId !== options.judgeId) {
    throw new AppError("not_found", "No such calibration sample of this judge on this set.");
  }
  const ids = z.array(z.string()).parse(sample.judgmentIds);
  const rows = await prisma.modelJudgment.findMany({
    where: { id: { in: ids } },
    select: { queryId: true, documentId: true, grade: true, status: true },
  });
  const pairs: JudgeReportPair[] = rows.flatMap((row) => {
    const personGrade = options.peopleGrades.get(pairKey(row.queryId, row.documentId));
    if (personGrade === undefined) return [];
    const supported = row.status === "supported" || row.status === "not_needed";
    return supported ? [{ personGrade, model: { grade: row.grade ?? 0, supported } }] : [];
  });
  const report = computeJudgeReport({
    pairs,
    grades: options.grades,
    relevantThreshold: options.relevantThreshold,
    peopleKappa: options.peopleKappa,
    runs: [],
  });
  return {
    id: sample.id,
    createdAt: sample.createdAt,
    seed: sample.seed,
    size: ids.length,
    strata: strataSchema.parse(sample.strata),
    judged: pairs.length,
    agreement: report.agreement,
  };
}

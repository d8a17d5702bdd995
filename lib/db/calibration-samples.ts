import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { DEFAULT_SEED } from "@/lib/eval/statistics/seeded-random";
import { drawCalibrationSample } from "@/lib/judging/calibration-sample";
import { MODEL_ROLE } from "@/lib/judging/model-annotator";

/** The largest calibration sample one request draws. */
const MAX_CALIBRATION_SIZE = 2_000;

/**
 * Draws a calibration sample (issue 23, item 6): `size` of the judge's supported (or grade-0
 * quote-free) judgments on the set, stratified by grade (lib/judging/calibration-sample.ts, seeded:
 * the same judgments and seed draw the same sample), stores it, and assigns the sampled queries to
 * each of `annotatorIds` through the assignment table the Assignments page fills — every annotator
 * gets every sampled query, so people's agreement is measured on the sample too. Assignments that
 * already exist are kept as they are. `assigned` counts the assignments created.
 */
export async function createCalibrationSample(
  prisma: Db,
  options: {
    setId: string;
    judgeId: string;
    size: number;
    annotatorIds: string[];
    seed?: number;
    createdById: string | null;
  },
): Promise<{ sampleId: string; assigned: number }> {
  const { setId, judgeId } = options;
  if (!Number.isInteger(options.size) || options.size < 1 || options.size > MAX_CALIBRATION_SIZE) {
    throw new AppError(
      "bad_request",
      `size: a calibration sample holds 1 to ${MAX_CALIBRATION_SIZE.toLocaleString("en-US")} passages (got ${options.size}).`,
    );
  }
  const judge = await prisma.judge.findUnique({ where: { id: judgeId }, select: { id: true } });
  if (!judge) throw new AppError("not_found", "No such judge.");
  const set = await prisma.goldenSet.findUnique({ where: { id: setId }, select: { id: true } });
  if (!set) throw new AppError("not_found", "No such golden set.");
  const annotatorIds = [...new Set(options.annotatorIds)];
  if (annotatorIds.length === 0)
    throw new AppError("bad_request", "annotatorIds: choose at least one person to judge the sample.");
  const people = await prisma.user.findMany({
    where: { id: { in: annotatorIds } },
    select: { id: true, role: true },
  });
  if (people.length !== annotatorIds.length || people.some((person) => person.role === MODEL_ROLE)) {
    throw new AppError(
      "bad_request",
      "annotatorIds: every id must name a person (not a judge) who may label.",
    );
  }
  const candidates = await prisma.modelJudgment.findMany({
    where: { goldenSetId: setId, judgeId, status: { in: ["supported", "not_needed"] } },
    select: { id: true, grade: true, queryId: true },
  });
  if (candidates.length === 0) {
    throw new AppError(
      "bad_request",
      "The judge has no supported judgments on this set yet: judge a pool first, then draw a sample.",
    );
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const sample = drawCalibrationSample({
    candidates: candidates.map((row) => ({ id: row.id, grade: row.grade ?? 0, queryId: row.queryId })),
    size: options.size,
    seed,
  });
  const queryIds = [...new Set(sample.items.map((item) => item.queryId))];
  return prisma.$transaction(async (tx) => {
    const created = await tx.calibrationSample.create({
      data: {
        goldenSetId: setId,
        judgeId,
        seed,
        judgmentIds: sample.items.map((item) => item.id),
        strata: sample.strata,
        createdById: options.createdById,
      },
    });
    const existing = await tx.queryAssignment.findMany({
      where: { queryId: { in: queryIds }, userId: { in: annotatorIds } },
      select: { queryId: true, userId: true },
    });
    const taken = new Set(existing.map((row) => `${row.queryId} ${row.userId}`));
    const rows = queryIds.flatMap((queryId) =>
      annotatorIds
        .filter((userId) => !taken.has(`${queryId} ${userId}`))
        .map((userId) => ({ queryId, userId, assignedById: options.createdById })),
    );
    const assigned = rows.length === 0 ? 0 : (await tx.queryAssignment.createMany({ data: rows })).count;
    return { sampleId: created.id, assigned };
  });
}

export type CalibrationSampleSummary = { id: string; createdAt: Date; seed: number; size: number };

/** A judge's calibration samples on a set, newest first (for the report's picker). */
export async function listCalibrationSamples(
  prisma: Db,
  options: { setId: string; judgeId: string },
): Promise<CalibrationSampleSummary[]> {
  const rows = await prisma.calibrationSample.findMany({
    where: { goldenSetId: options.setId, judgeId: options.judgeId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, createdAt: true, seed: true, judgmentIds: true },
  });
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt,
    seed: row.seed,
    size: Array.isArray(row.judgmentIds) ? row.judgmentIds.length : 0,
  }));
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { krippendorffAlpha } from "@/lib/agreement/krippendorff-alpha";
import { createCalibrationSample, listCalibrationSamples, loadJudgeReport } from "@/lib/db/judge-report";
import { loadPeopleJudgments } from "@/lib/db/judge-report-data";
import { loadSetQrels } from "@/lib/db/judgment-exports";
import { addHandJudgments, createJudgingWorld, type JudgingWorld } from "@/lib/db/testing/judging-world";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";

let database: TestDatabase;
let world: JudgingWorld;
let judgeId: string;

beforeAll(async () => {
  database = createTestDatabase();
  world = await createJudgingWorld(database.prisma, "report");
  judgeId = (await addHandJudgments(database.prisma, world, "hand judge")).id;
});
afterAll(async () => {
  await database.dispose();
});

/** trec_eval's nDCG gain at a 1-based rank: grade / log2(rank + 1). */
const gain = (grade: number, rank: number) => grade / Math.log2(rank + 1);

describe("loadJudgeReport", () => {
  it("computes the figures of the world by hand", async () => {
    const report = await loadJudgeReport(database.prisma, { setId: world.set.id, judgeId });
    expect(report.set).toEqual({ id: world.set.id, name: world.set.name });
    expect(report.judge).toMatchObject({ id: judgeId, name: "hand judge", version: 1, used: true });

    // pairs with a people's grade and a supported judgment (person, judge):
    // q1-a (3, 3) · q1-b (0, 1) · q2-a (0, 0) · q2-b (1, 2); q1-c is unsupported, q2-c has no person
    expect(report.agreement.items).toBe(4);
    // binarized at 1: person T F F T, judge T T F T → p_o 3/4, p_e ½·¾ + ½·¼ = ½ → κ = ½
    expect(report.agreement.kappa).toBeCloseTo(0.5, 12);
    // nominal alpha: D_o = 4 disagreeing ordered pairs of 8 values; values 0×3 1×2 2×1 3×2 →
    // D_e = (64 − 18) / 56 → α = 1 − ½ · 56/46 = 9/23
    expect(report.agreement.alpha.nominal).toBeCloseTo(9 / 23, 12);
    expect(report.agreement.alpha.ordinal).toBeCloseTo(
      krippendorffAlpha({
        units: [
          [3, 3],
          [0, 1],
          [0, 0],
          [1, 2],
        ],
        metric: "ordinal",
      })!,
      12,
    );
    expect(report.agreement.kappaInterval).not.toBeNull();
    expect(report.confusion).toEqual({
      grades: [0, 1, 2, 3],
      counts: [
        [1, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 1],
      ],
    });
    // people: ana and bo both judged q1-a (T T), q1-b (F F), q2-b (T F): p_o ⅔, p_e ⅔·⅓ + ⅓·⅔ = 4/9 → 2/5
    expect(report.peopleKappa).toBeCloseTo(0.4, 12);
    // 7 judgments did not fail, 1 of them unsupported
    expect(report.modelJudgments).toBe(7);
    expect(report.unsupported).toBe(1);
    expect(report.unsupportedRate).toBeCloseTo(1 / 7, 12);
    expect(report.verdict.outcome).toBe("too_few_pairs");
  });

  it("ranks the runs by nDCG@10 under people's and the judge's qrels (eval-trec -c)", async () => {
    const report = await loadJudgeReport(database.prisma, { setId: world.set.id, judgeId });
    // newest first: r3, r2, r1
    expect(report.runs.map((run) => run.id)).toEqual([world.runs.r3, world.runs.r2, world.runs.r1]);
    const human = { q1: 3 + gain(2, 2), q2: 1 }; // ideal DCGs: q1 a3 c2 b0 · q2 b1
    const model = { q1: 3 + gain(1, 2), q2: 2 + gain(2, 2) }; // q1 a3 b1 · q2 b2 c2 a0
    const expected = {
      [world.runs.r1]: {
        human: (1 + 1) / 2,
        model: ((3 + gain(1, 3)) / model.q1 + 2 / model.q2) / 2,
      },
      [world.runs.r2]: {
        human: ((gain(3, 2) + gain(2, 3)) / human.q1 + gain(1, 2) / human.q2) / 2,
        model: ((1 + gain(3, 2)) / model.q1 + 1) / 2,
      },
      [world.runs.r3]: { human: 2 / human.q1 / 2, model: gain(1, 2) / model.q1 / 2 },
    };
    for (const scores of report.runScores) {
      expect(scores.human).toBeCloseTo(expected[scores.runId]!.human, 4);
      expect(scores.model).toBeCloseTo(expected[scores.runId]!.model, 4);
    }
    // people: r1 > r2 > r3; judge: r2 > r1 > r3 → one discordant pair of three: τ = ⅓
    expect(report.tau).toEqual({ measure: "ndcg_cut_10", value: expect.closeTo(1 / 3, 12), runs: 3 });

    const two = await loadJudgeReport(database.prisma, {
      setId: world.set.id,
      judgeId,
      runIds: [world.runs.r1, world.runs.r3],
    });
    expect(two.tau).toEqual({ measure: "ndcg_cut_10", value: 1, runs: 2 });
    await expect(
      loadJudgeReport(database.prisma, { setId: world.set.id, judgeId, runIds: ["nope"] }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("grades pairs as export-qrels --judgments human does", async () => {
    const people = await loadPeopleJudgments(database.prisma, world.set);
    const byKey = (a: { queryId: string; docId: string }, b: { queryId: string; docId: string }) =>
      a.queryId.localeCompare(b.queryId) || a.docId.localeCompare(b.docId);
    expect([...people.qrels].sort(byKey)).toEqual(
      [...(await loadSetQrels(database.prisma, world.set.id, { judgments: "human" }))].sort(byKey),
    );
  });

  it("leaves the judge's own labels out of people's grades and kappa", async () => {
    // the judge's labels exist (supported q2-c grade 2) yet q2-c has no people's grade
    const labels = await database.prisma.label.count({ where: { query: { goldenSetId: world.set.id } } });
    expect(labels).toBe(9 + 6);
    const report = await loadJudgeReport(database.prisma, { setId: world.set.id, judgeId });
    expect(report.agreement.items).toBe(4);
  });
});

describe("createCalibrationSample", () => {
  it("draws by grade, assigns the sampled queries, and measures agreement on what people judged since", async () => {
    const { prisma } = database;
    await prisma.queryAssignment.create({ data: { queryId: world.q1.id, userId: world.users.ana.id } });
    const { sampleId, assigned } = await createCalibrationSample(prisma, {
      setId: world.set.id,
      judgeId,
      size: 6,
      annotatorIds: [world.users.ana.id, world.users.bo.id],
      createdById: world.users.engineer.id,
    });
    // two queries × two annotators, less ana's existing assignment of q1
    expect(assigned).toBe(3);
    const stored = await prisma.calibrationSample.findUniqueOrThrow({ where: { id: sampleId } });
    expect(stored.strata).toEqual([
      { grade: 0, available: 1, sampled: 1 },
      { grade: 1, available: 2, sampled: 2 },
      { grade: 2, available: 2, sampled: 2 },
      { grade: 3, available: 1, sampled: 1 },
    ]);
    const before = await loadJudgeReport(prisma, {
      setId: world.set.id,
      judgeId,
      calibrationSampleId: sampleId,
    });
    // six supported judgments drawn; q2-c has no person yet. q1-a counts twice (two passages)
    expect(before.calibration).toMatchObject({ id: sampleId, size: 6, judged: 5 });
    await world.label(world.users.bo.id, "q2", "c", 2);
    const after = await loadJudgeReport(prisma, {
      setId: world.set.id,
      judgeId,
      calibrationSampleId: sampleId,
    });
    expect(await listCalibrationSamples(prisma, { setId: world.set.id, judgeId })).toEqual([
      { id: sampleId, createdAt: stored.createdAt, seed: stored.seed, size: 6 },
    ]);
    expect(after.calibration?.judged).toBe(6);
    // person vs judge: q1-a (3,3) (3,1) · q1-b (0,1) · q2-a (0,0) · q2-b (1,2) · q2-c (2,2)
    // binarized: T T, T T, F T, F F, T T, T T → p_o 5/6, person 4/6 yes, judge 5/6 → p_e 22/36 → κ = 4/7
    expect(after.calibration?.agreement.kappa).toBeCloseTo(4 / 7, 12);
    const interval = after.calibration?.agreement.kappaInterval;
    expect(interval?.confidence).toBe(0.95);
    expect(interval!.lower).toBeLessThanOrEqual(4 / 7);
    expect(interval!.upper).toBeGreaterThanOrEqual(4 / 7);
  });

  it("refuses bad requests with what is wrong", async () => {
    const base = { setId: world.set.id, judgeId, annotatorIds: [world.users.ana.id], createdById: null };
    await expect(createCalibrationSample(database.prisma, { ...base, size: 0 })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(
      createCalibrationSample(database.prisma, { ...base, size: 4, annotatorIds: [] }),
    ).rejects.toThrow(/at least one person/);
    await expect(
      createCalibrationSample(database.prisma, { ...base, size: 4, judgeId: "nope" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      loadJudgeReport(database.prisma, { setId: world.set.id, judgeId, calibrationSampleId: "nope" }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

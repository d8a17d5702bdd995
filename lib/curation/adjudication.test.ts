import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectAgreementItems } from "@/lib/agreement/collect-agreement-items";
import { computeAgreement } from "@/lib/agreement/compute-agreement";
import { goldenSetJudgments } from "@/lib/agreement/golden-set-judgments";
import { defaultRetrievalConfig } from "@/lib/configs/config-schema";
import { getSetAgreement } from "@/lib/curation/get-set-agreement";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { restoreLabel } from "@/lib/curation/restore-label";
import { clearAdjudication, saveAdjudicatedLabel } from "@/lib/curation/save-adjudicated-label";
import { saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import { createLabelFixture } from "@/lib/curation/testing/label-fixture";
import { updateJudgmentPolicy } from "@/lib/db/agreement";
import type { Db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { createRun } from "@/lib/runs/create-run";
import { loadQueryPassages } from "@/lib/runs/load-query-passages";
import { drainJobs } from "@/lib/worker/worker";

// Two annotators disagree on both documents of a query; agreement says so, the same as
// `goldenset agreement` on the export; an engineer decides, and a run executed afterwards scores
// the decision (its relevant-label count and its labels change).

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let world: Awaited<ReturnType<typeof createLabelFixture>>;
let anaQuoteId: string;

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  world = await createLabelFixture(prisma, "agreement");
  const { annotator: ana, otherAnnotator: bo } = world.users;
  const router = {
    ...world.quote("router"),
    documentId: world.router.id,
    documentVersion: world.router.version,
  };
  const drive = { ...router, documentId: world.drive.id, documentVersion: world.drive.version };
  // relevant from grade 1 (the default threshold): ana finds the router relevant, bo the drive
  anaQuoteId = (
    await saveQuoteLabel(prisma, { ...world.quote("Hold the reset button"), grade: 3, actor: ana })
  ).labelId;
  await saveDocumentLabel(prisma, { ...drive, grade: 0, actor: ana });
  await saveDocumentLabel(prisma, { ...router, grade: 0, actor: bo });
  await saveDocumentLabel(prisma, { ...drive, grade: 2, actor: bo });
}, 60_000);

afterAll(async () => {
  await database.dispose();
});

async function runRelevantCount(configName: string): Promise<{ runId: string; relevant: number }> {
  const { runId } = await createRun(prisma, {
    setId: world.set.id,
    configName,
    config: defaultRetrievalConfig,
    coverage: 1,
    userId: world.users.engineer.id,
  });
  await drainJobs(prisma);
  const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
  expect(run.status).toBe("succeeded");
  const row = await prisma.runQueryMetric.findUnique({
    where: { runId_queryId: { runId, queryId: world.query.id } },
  });
  return { runId, relevant: row?.relevant ?? 0 };
}

describe("agreement and adjudication on a real database", () => {
  it("measures agreement as the command line does on the export", async () => {
    const agreement = await getSetAgreement(prisma, { setId: world.set.id });
    const { annotator: ana, otherAnnotator: bo } = world.users;
    // router (ana 3, bo 0) and drive (ana 0, bo 2): opposite relevance on both → κ = −1;
    // alpha nominal: n = 4, Σ_{c≠k} o_ck = 4, Σ_{c≠k} n_c n_k = 16 − (4 + 1 + 1) = 10 → 1 − 3·4/10
    expect(agreement.report.items).toBe(2);
    expect(agreement.report.pairs).toEqual([
      expect.objectContaining({ a: [ana.id, bo.id].sort()[0], items: 2, kappa: -1, observed: 0 }),
    ]);
    expect(agreement.report.alpha.nominal).toBeCloseTo(-0.2, 12);
    expect(agreement.people[ana.id]).toEqual({ name: "ana agreement", email: ana.email });
    expect(agreement.disagreements.total).toBe(2);
    expect(agreement.disagreements.decided).toBe(0);
    const routerItem = agreement.disagreements.listed.find((item) => item.document.id === world.router.id);
    expect(routerItem?.kind).toBe("relevance");
    expect(routerItem?.annotators.find((entry) => entry.id === ana.id)?.labels[0]).toMatchObject({
      grade: 3,
      quote: { exact: "Hold the reset button" },
    });
    expect(routerItem?.document.opening).toContain("Resetting the router.");

    const file = await buildGoldenSetFile(prisma, world.set.id);
    const fromExport = computeAgreement({
      items: collectAgreementItems(goldenSetJudgments(file)),
      relevantThreshold: file.set.relevantThreshold,
    });
    expect(fromExport.items).toBe(agreement.report.items);
    expect(fromExport.alpha).toEqual(agreement.report.alpha);
    expect(fromExport.pairs.map((pair) => pair.kappa)).toEqual(
      agreement.report.pairs.map((pair) => pair.kappa),
    );
  });

  it("lets only adjudicators decide; a run afterwards scores the decision", async () => {
    const before = await runRelevantCount("before the decision");
    expect(before.relevant).toBe(2); // ana's router quote and bo's drive document

    const pair = { setId: world.set.id, queryId: world.query.id };
    await expect(
      saveAdjudicatedLabel(prisma, {
        ...pair,
        documentId: world.drive.id,
        grade: 0,
        actor: world.users.annotator,
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      saveAdjudicatedLabel(prisma, {
        ...pair,
        documentId: world.drive.id,
        grade: 7,
        actor: world.users.engineer,
      }),
    ).rejects.toMatchObject({ code: "bad_request" });
    await expect(
      saveAdjudicatedLabel(prisma, {
        ...pair,
        documentId: world.drive.id,
        grade: 2,
        adoptLabelId: anaQuoteId, // a quote on another document
        actor: world.users.engineer,
      }),
    ).rejects.toMatchObject({ code: "not_found" });

    const engineer = world.users.engineer;
    // drive: first "relevant", then changed to "not relevant": one label, updated
    const first = await saveAdjudicatedLabel(prisma, {
      ...pair,
      documentId: world.drive.id,
      grade: 2,
      actor: engineer,
    });
    expect(first).toMatchObject({ outcome: "created", replaced: 0 });
    const again = await saveAdjudicatedLabel(prisma, {
      ...pair,
      documentId: world.drive.id,
      grade: 0,
      actor: engineer,
    });
    expect(again).toEqual({ labelId: first.labelId, outcome: "updated", replaced: 0 });
    // router: the whole document, then ana's quote adopted instead (the first decision replaced)
    await saveAdjudicatedLabel(prisma, { ...pair, documentId: world.router.id, grade: 1, actor: engineer });
    const adopted = await saveAdjudicatedLabel(prisma, {
      ...pair,
      documentId: world.router.id,
      grade: 3,
      adoptLabelId: anaQuoteId,
      actor: engineer,
    });
    expect(adopted).toMatchObject({ outcome: "created", replaced: 1 });
    const decisions = await prisma.label.findMany({ where: { queryId: world.query.id, adjudicated: true } });
    expect(decisions.map((label) => [label.documentId, label.kind, label.exact, label.grade]).sort()).toEqual(
      [
        [world.drive.id, "document", null, 0],
        [world.router.id, "quote", "Hold the reset button", 3],
      ].sort(),
    );
    expect(decisions.every((label) => label.annotatorId === engineer.id)).toBe(true);
    const events = await prisma.labelEvent.findMany({
      where: { labelId: { in: [first.labelId, adopted.labelId] } },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((event) => [event.action, event.actorId])).toEqual([
      ["created", engineer.id],
      ["updated", engineer.id],
      ["created", engineer.id],
    ]);
    expect(events[0]?.after).toMatchObject({ adjudicated: true, grade: 2 });
    expect(await prisma.labelEvent.count({ where: { action: "deleted", actorId: engineer.id } })).toBe(1);

    // the decisions do not change agreement (they are not annotators' judgments) but close both items
    const agreement = await getSetAgreement(prisma, { setId: world.set.id });
    expect(agreement.report.items).toBe(2);
    expect(agreement.disagreements.decided).toBe(2);
    expect(agreement.disagreements.listed[0]?.decision[0]?.by).toBe("eli agreement");

    const after = await runRelevantCount("after the decision");
    expect(after.relevant).toBe(1); // only the adopted router quote
    const passages = await loadQueryPassages(prisma, { runId: after.runId, queryId: world.query.id });
    // the run page scores as the run did: the annotators' labels on decided pairs are not counted
    expect(
      passages.labels.map((label) => [label.document, label.exact, label.grade, label.countedGrade]).sort(),
    ).toEqual(
      [
        ["router", "Hold the reset button", 3, null], // ana's
        ["drive", null, 0, null], // ana's
        ["router", null, 0, null], // bo's
        ["drive", null, 2, null], // bo's
        ["drive", null, 0, 0], // the decision
        ["router", "Hold the reset button", 3, 3], // the adopted quote
      ].sort(),
    );
    expect(
      passages.labels.filter((label) => label.countedGrade === null).every((label) => !label.scored),
    ).toBe(true);

    // withdrawing the decisions gives the pairs back to the policy
    expect(await clearAdjudication(prisma, { ...pair, documentId: world.drive.id, actor: engineer })).toBe(1);
    expect(await clearAdjudication(prisma, { ...pair, documentId: world.router.id, actor: engineer })).toBe(
      1,
    );
    // a withdrawn decision is in the history, and an admin restores it as a decision
    const deletion = await prisma.labelEvent.findFirstOrThrow({
      where: { labelId: adopted.labelId, action: "deleted" },
    });
    const restored = await restoreLabel(prisma, {
      actor: world.users.admin,
      setId: world.set.id,
      eventId: deletion.id,
    });
    expect(await prisma.label.findUniqueOrThrow({ where: { id: restored.labelId } })).toMatchObject({
      adjudicated: true,
      grade: 3,
      annotatorId: engineer.id,
    });
    expect(await clearAdjudication(prisma, { ...pair, documentId: world.router.id, actor: engineer })).toBe(
      1,
    );
  }, 120_000);

  it("applies the set's policy where nothing was decided, and exports both byte-identically", async () => {
    await updateJudgmentPolicy(prisma, { setId: world.set.id, policy: "mean" });
    // router (3 + 0) / 2 → 2 and drive (0 + 2) / 2 → 1: both still relevant at threshold 1
    expect((await runRelevantCount("mean")).relevant).toBe(2);
    await updateJudgmentPolicy(prisma, { setId: world.set.id, policy: "majority" });
    // one of two is not a majority on either document: nothing relevant, the query is not scored
    expect((await runRelevantCount("majority")).relevant).toBe(0);

    await saveAdjudicatedLabel(prisma, {
      setId: world.set.id,
      queryId: world.query.id,
      documentId: world.drive.id,
      grade: 2,
      actor: world.users.admin,
    });
    const text = serializeGoldenSetFile(await buildGoldenSetFile(prisma, world.set.id));
    expect(text).toContain('"judgmentPolicy": "majority"');
    expect(text.match(/"adjudicated": true/g)).toHaveLength(1);
    expect(text).not.toContain('"adjudicated": false'); // written only when true
    const copy = await importGoldenSetFile(prisma, {
      file: parseGoldenSetFile(text.replace('"name": "set agreement"', '"name": "copy"')),
    });
    const copied = serializeGoldenSetFile(await buildGoldenSetFile(prisma, copy.setId));
    expect(copied).toBe(text.replace('"name": "set agreement"', '"name": "copy"'));
    await expect(updateJudgmentPolicy(prisma, { setId: "no-such-set", policy: "any" })).rejects.toMatchObject(
      { code: "not_found" },
    );
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeLabelGrade, deleteLabel } from "@/lib/curation/change-label";
import { saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import { createLabelFixture } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { removeQuery } from "@/lib/db/golden-sets";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { labelSnapshot } from "@/lib/sets/label-history";

// Annotators change and delete their own labels; engineers and admins anyone's. A label is
// addressed by set, query and id: any mismatch is not found. Every change is in the history.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

beforeAll(() => {
  database = createTestDatabase();
  prisma = database.prisma;
});

afterAll(async () => {
  await database.dispose();
});

async function labeled(name: string) {
  const world = await createLabelFixture(prisma, name);
  const { annotator, engineer } = world.users;
  const own = await saveQuoteLabel(prisma, { ...world.quote("ten seconds"), grade: 2, actor: annotator });
  const engineers = await saveQuoteLabel(prisma, {
    ...world.quote("power light"),
    grade: 3,
    actor: engineer,
  });
  const address = { setId: world.set.id, queryId: world.query.id };
  return { ...world, own: own.labelId, engineers: engineers.labelId, address };
}

function historyOf(labelId: string) {
  return prisma.labelEvent.findMany({ where: { labelId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

describe("deleteLabel", () => {
  it("refuses an annotator deleting an engineer's label (forbidden), and keeps it", async () => {
    const world = await labeled("annotator vs engineer");
    const attempt = deleteLabel(prisma, {
      ...world.address,
      labelId: world.engineers,
      actor: world.users.annotator,
    });
    await expect(attempt).rejects.toMatchObject({ code: "forbidden" });
    expect(await prisma.label.findUnique({ where: { id: world.engineers } })).not.toBeNull();
    expect((await historyOf(world.engineers)).map((event) => event.action)).toEqual(["created"]);
    // Nor another annotator's.
    const other = deleteLabel(prisma, {
      ...world.address,
      labelId: world.own,
      actor: world.users.otherAnnotator,
    });
    await expect(other).rejects.toMatchObject({ code: "forbidden" });
  });

  it("lets an annotator delete their own label, recording `deleted` with the label whole in `before`", async () => {
    const world = await labeled("own");
    const label = await prisma.label.findUniqueOrThrow({ where: { id: world.own } });
    await deleteLabel(prisma, { ...world.address, labelId: world.own, actor: world.users.annotator });
    expect(await prisma.label.findUnique({ where: { id: world.own } })).toBeNull();
    const events = await historyOf(world.own);
    expect(events.map((event) => event.action)).toEqual(["created", "deleted"]);
    expect(events[1]).toMatchObject({
      actorId: world.users.annotator.id,
      actorEmail: world.users.annotator.email,
      queryId: world.query.id,
      goldenSetId: world.set.id,
      before: labelSnapshot(label),
      after: null,
    });
  });

  it("lets engineers and admins delete anyone's label", async () => {
    const world = await labeled("adjudicators");
    await deleteLabel(prisma, { ...world.address, labelId: world.own, actor: world.users.engineer });
    await deleteLabel(prisma, { ...world.address, labelId: world.engineers, actor: world.users.admin });
    expect(await prisma.label.count({ where: { queryId: world.query.id } })).toBe(0);
    const deletions = await prisma.labelEvent.findMany({
      where: { goldenSetId: world.set.id, action: "deleted" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(deletions.map((event) => event.actorEmail)).toEqual([
      world.users.engineer.email,
      world.users.admin.email,
    ]);
  });

  it("answers not found for a label of another query, or a query of another set", async () => {
    const world = await labeled("addresses");
    const { engineer } = world.users;
    const onOtherQuery = await saveDocumentLabel(prisma, {
      setId: world.set.id,
      queryId: world.otherQuery.id,
      documentId: world.drive.id,
      documentVersion: world.drive.version,
      grade: 1,
      actor: engineer,
    });
    // The label exists, but not on the query the action is bound to.
    const wrongQuery = deleteLabel(prisma, {
      ...world.address,
      labelId: onOtherQuery.labelId,
      actor: engineer,
    });
    await expect(wrongQuery).rejects.toMatchObject({ code: "not_found" });
    // The query exists, but in another set than the URL's.
    const wrongSet = deleteLabel(prisma, {
      setId: world.otherSet.id,
      queryId: world.query.id,
      labelId: world.own,
      actor: engineer,
    });
    await expect(wrongSet).rejects.toMatchObject({ code: "not_found" });
    const unknown = deleteLabel(prisma, { ...world.address, labelId: "no-such-label", actor: engineer });
    await expect(unknown).rejects.toMatchObject({ code: "not_found" });
    expect(await prisma.label.count({ where: { id: { in: [onOtherQuery.labelId, world.own] } } })).toBe(2);
    expect(await prisma.labelEvent.count({ where: { goldenSetId: world.set.id, action: "deleted" } })).toBe(
      0,
    );
  });
});

describe("removeQuery", () => {
  it("keeps a query that has labels (its labels would go without a trace), and removes it once they are deleted", async () => {
    const world = await labeled("remove query");
    const attempt = removeQuery(prisma, { queryId: world.query.id });
    await expect(attempt).rejects.toMatchObject({ code: "conflict" });
    expect(await prisma.label.count({ where: { queryId: world.query.id } })).toBe(2);
    for (const labelId of [world.own, world.engineers])
      await deleteLabel(prisma, { ...world.address, labelId, actor: world.users.engineer });
    await removeQuery(prisma, { queryId: world.query.id });
    expect(await prisma.query.findUnique({ where: { id: world.query.id } })).toBeNull();
    // The history outlives the query.
    expect(await prisma.labelEvent.count({ where: { queryId: world.query.id, action: "deleted" } })).toBe(2);
  });
});

describe("changeLabelGrade", () => {
  it("refuses an annotator changing an engineer's grade, and lets the owner and adjudicators change it", async () => {
    const world = await labeled("grades");
    const { annotator, engineer } = world.users;
    const attempt = changeLabelGrade(prisma, {
      ...world.address,
      labelId: world.engineers,
      grade: 0,
      actor: annotator,
    });
    await expect(attempt).rejects.toMatchObject({ code: "forbidden" });
    expect((await prisma.label.findUniqueOrThrow({ where: { id: world.engineers } })).grade).toBe(3);

    expect(
      await changeLabelGrade(prisma, { ...world.address, labelId: world.own, grade: 1, actor: annotator }),
    ).toEqual({ outcome: "updated", previousGrade: 2 });
    expect(
      await changeLabelGrade(prisma, { ...world.address, labelId: world.own, grade: 3, actor: engineer }),
    ).toEqual({ outcome: "updated", previousGrade: 1 });
    expect(
      await changeLabelGrade(prisma, { ...world.address, labelId: world.own, grade: 3, actor: engineer }),
    ).toEqual({ outcome: "unchanged", previousGrade: 3 });
    expect((await prisma.label.findUniqueOrThrow({ where: { id: world.own } })).grade).toBe(3);
    const events = await historyOf(world.own);
    expect(events.map((event) => [event.action, event.actorEmail])).toEqual([
      ["created", annotator.email],
      ["updated", annotator.email],
      ["updated", engineer.email],
    ]);
    expect(events.map((event) => (event.after as { grade: number }).grade)).toEqual([2, 1, 3]);
    expect(events.slice(1).map((event) => (event.before as { grade: number }).grade)).toEqual([2, 1]);
  });

  it("answers not found for a label of another query", async () => {
    const world = await labeled("grade addresses");
    const attempt = changeLabelGrade(prisma, {
      setId: world.set.id,
      queryId: world.otherQuery.id,
      labelId: world.own,
      grade: 1,
      actor: world.users.admin,
    });
    await expect(attempt).rejects.toMatchObject({ code: "not_found" });
    expect((await prisma.label.findUniqueOrThrow({ where: { id: world.own } })).grade).toBe(2);
  });
});

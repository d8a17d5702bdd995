import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteLabel } from "@/lib/curation/change-label";
import { restoreLabel, undoLabelDeletion } from "@/lib/curation/restore-label";
import { saveQuoteLabel } from "@/lib/curation/save-label";
import { createLabelFixture } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { listSetLabelEvents } from "@/lib/db/label-events";
import { createTestDatabase } from "@/lib/db/testing/test-database";

// An admin brings a deleted label back from its history, as it was; nobody else can.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

beforeAll(() => {
  database = createTestDatabase();
  prisma = database.prisma;
});

afterAll(async () => {
  await database.dispose();
});

/** A label by the annotator, deleted by an engineer: returns the label as it was and its deletion. */
async function deleted(name: string) {
  const world = await createLabelFixture(prisma, name);
  const { annotator, engineer } = world.users;
  const { labelId } = await saveQuoteLabel(prisma, {
    ...world.quote("ten seconds"),
    grade: 3,
    actor: annotator,
  });
  const label = await prisma.label.findUniqueOrThrow({ where: { id: labelId } });
  await deleteLabel(prisma, { setId: world.set.id, queryId: world.query.id, labelId, actor: engineer });
  const deletion = await prisma.labelEvent.findFirstOrThrow({ where: { labelId, action: "deleted" } });
  return { ...world, label, deletion };
}

describe("restoreLabel", () => {
  it("brings the label back with its id and content, and records `restored`", async () => {
    const world = await deleted("restore");
    const { admin } = world.users;
    const restored = await restoreLabel(prisma, {
      actor: admin,
      setId: world.set.id,
      eventId: world.deletion.id,
    });
    expect(restored).toEqual({
      labelId: world.label.id,
      queryId: world.query.id,
      queryStatus: "in_progress",
    });
    const label = await prisma.label.findUniqueOrThrow({ where: { id: world.label.id } });
    const { updatedAt: _then, ...was } = world.label;
    const { updatedAt: _now, ...is } = label;
    expect(is).toEqual(was); // the same quote, grade, annotator, span key and creation time
    const events = await prisma.labelEvent.findMany({
      where: { labelId: label.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(events.map((event) => [event.action, event.actorEmail])).toEqual([
      ["created", world.users.annotator.email],
      ["deleted", world.users.engineer.email],
      ["restored", admin.email],
    ]);
    expect(events[2]?.after).toMatchObject({
      grade: 3,
      exact: "ten seconds",
      annotatorId: world.users.annotator.id,
    });

    // Once back, it cannot be restored again; the history page no longer offers it.
    const again = restoreLabel(prisma, { actor: admin, setId: world.set.id, eventId: world.deletion.id });
    await expect(again).rejects.toMatchObject({
      code: "conflict",
      message: "This label exists: it was restored already.",
    });
    const { rows } = await listSetLabelEvents(prisma, { setId: world.set.id, page: 1, pageSize: 50 });
    expect(rows.filter((row) => row.restorable)).toEqual([]);
  });

  it("is for admins only", async () => {
    const world = await deleted("admins only");
    for (const actor of [world.users.engineer, world.users.annotator]) {
      const attempt = restoreLabel(prisma, { actor, setId: world.set.id, eventId: world.deletion.id });
      await expect(attempt).rejects.toMatchObject({ code: "forbidden" });
    }
    expect(await prisma.label.findUnique({ where: { id: world.label.id } })).toBeNull();
  });

  it("answers a clear conflict when an equal label was made since the deletion", async () => {
    const world = await deleted("equal");
    // The annotator labels the same span again: a new label, new id.
    await saveQuoteLabel(prisma, { ...world.quote("ten seconds"), grade: 1, actor: world.users.annotator });
    const attempt = restoreLabel(prisma, {
      actor: world.users.admin,
      setId: world.set.id,
      eventId: world.deletion.id,
    });
    await expect(attempt).rejects.toMatchObject({
      code: "conflict",
      message:
        "An equal label exists now (same query, document, span and annotator, grade 1): change that label instead of restoring this one.",
    });
    expect(await prisma.label.findUnique({ where: { id: world.label.id } })).toBeNull();
  });

  it("answers not found for an event of another set, and refuses events that are not deletions", async () => {
    const world = await deleted("addresses");
    const elsewhere = restoreLabel(prisma, {
      actor: world.users.admin,
      setId: world.otherSet.id,
      eventId: world.deletion.id,
    });
    await expect(elsewhere).rejects.toMatchObject({ code: "not_found" });
    const creation = await prisma.labelEvent.findFirstOrThrow({
      where: { labelId: world.label.id, action: "created" },
    });
    const notDeletion = restoreLabel(prisma, {
      actor: world.users.admin,
      setId: world.set.id,
      eventId: creation.id,
    });
    await expect(notDeletion).rejects.toMatchObject({ code: "conflict" });
  });

  it("lists the set's history newest first, offering Restore on the latest deletion only", async () => {
    const world = await deleted("listing");
    const { rows, total } = await listSetLabelEvents(prisma, { setId: world.set.id, page: 1, pageSize: 50 });
    expect(total).toBe(2);
    expect(rows.map((row) => [row.action, row.actorEmail, row.restorable])).toEqual([
      ["deleted", world.users.engineer.email, true],
      ["created", world.users.annotator.email, false],
    ]);
    expect(rows[0]).toMatchObject({
      query: { id: world.query.id, text: "reset router" },
      document: { id: world.router.id, externalId: "router" },
      before: { grade: 3, exact: "ten seconds" },
      after: null,
    });
  });
});

describe("undoLabelDeletion", () => {
  it("lets an annotator bring back the label they just deleted, as it was", async () => {
    const world = await createLabelFixture(prisma, "undo own");
    const { annotator } = world.users;
    const address = { setId: world.set.id, queryId: world.query.id };
    const { labelId } = await saveQuoteLabel(prisma, {
      ...world.quote("power light"),
      grade: 0,
      actor: annotator,
    });
    const was = await prisma.label.findUniqueOrThrow({ where: { id: labelId } });
    await deleteLabel(prisma, { ...address, labelId, actor: annotator });

    expect(await undoLabelDeletion(prisma, { ...address, labelId, actor: annotator })).toEqual({
      labelId,
      queryId: world.query.id,
      queryStatus: "in_progress",
    });
    const { updatedAt: _now, ...is } = await prisma.label.findUniqueOrThrow({ where: { id: labelId } });
    const { updatedAt: _then, ...before } = was;
    expect(is).toEqual(before);
    const events = await prisma.labelEvent.findMany({
      where: { labelId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(events.map((event) => [event.action, event.actorEmail])).toEqual([
      ["created", annotator.email],
      ["deleted", annotator.email],
      ["restored", annotator.email],
    ]);

    const again = undoLabelDeletion(prisma, { ...address, labelId, actor: annotator });
    await expect(again).rejects.toMatchObject({ code: "conflict" });
  });

  it("undoes only one's own deletion (an admin any), on the query it was made on", async () => {
    const world = await deleted("undo others"); // the annotator's label, deleted by an engineer
    const address = { setId: world.set.id, queryId: world.query.id, labelId: world.label.id };
    for (const actor of [world.users.annotator, world.users.otherAnnotator]) {
      await expect(undoLabelDeletion(prisma, { ...address, actor })).rejects.toMatchObject({
        code: "forbidden",
      });
    }
    const elsewhere = undoLabelDeletion(prisma, {
      ...address,
      queryId: world.otherQuery.id,
      actor: world.users.engineer,
    });
    await expect(elsewhere).rejects.toMatchObject({ code: "not_found" });
    const unknown = undoLabelDeletion(prisma, {
      ...address,
      labelId: "no-such-label",
      actor: world.users.admin,
    });
    await expect(unknown).rejects.toMatchObject({ code: "not_found" });
    expect(await prisma.label.findUnique({ where: { id: world.label.id } })).toBeNull();

    await undoLabelDeletion(prisma, { ...address, actor: world.users.engineer });
    expect((await prisma.label.findUniqueOrThrow({ where: { id: world.label.id } })).grade).toBe(3);
  });

  it("refuses to undo a deletion that is no longer the label's latest event", async () => {
    const world = await deleted("undo stale");
    const address = { setId: world.set.id, queryId: world.query.id, labelId: world.label.id };
    await restoreLabel(prisma, { actor: world.users.admin, setId: world.set.id, eventId: world.deletion.id });
    const attempt = undoLabelDeletion(prisma, { ...address, actor: world.users.engineer });
    await expect(attempt).rejects.toMatchObject({ code: "conflict" });
  });
});

import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelView } from "@/lib/curation/label-view";
import { saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import { createLabelFixture } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { getDocumentVersionText, listQueryLabels } from "@/lib/db/labels";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import { labelSnapshotSchema } from "@/lib/sets/label-history";

// A label is unique per (query, document, span, annotator): saving it again changes its grade,
// also when two sessions save at once, and every change is in the history.

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, "../../node_modules/.bin/tsx");
const saveProcess = path.resolve(import.meta.dirname, "testing/save-label-process.ts");

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

beforeAll(() => {
  database = createTestDatabase();
  prisma = database.prisma;
});

afterAll(async () => {
  await database.dispose();
});

function eventsOf(labelId: string) {
  return prisma.labelEvent.findMany({ where: { labelId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}

describe("saveQuoteLabel", () => {
  it("creates a label with a `created` event naming the actor, the label whole in `after`", async () => {
    const world = await createLabelFixture(prisma, "create");
    const { annotator } = world.users;
    const saved = await saveQuoteLabel(prisma, { ...world.quote("ten seconds"), grade: 2, actor: annotator });
    expect(saved.outcome).toBe("created");
    const label = await prisma.label.findUniqueOrThrow({ where: { id: saved.labelId } });
    expect(label).toMatchObject({ exact: "ten seconds", grade: 2, annotatorId: annotator.id });
    const [event, ...more] = await eventsOf(label.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: "created",
      actorId: annotator.id,
      actorEmail: annotator.email,
      queryId: world.query.id,
      goldenSetId: world.set.id,
      before: null,
    });
    expect(labelSnapshotSchema.parse(event?.after)).toEqual({
      documentId: world.router.id,
      documentVersion: world.router.version,
      kind: "quote",
      exact: "ten seconds",
      prefix: label.prefix,
      suffix: label.suffix,
      start: label.start,
      end: label.end,
      grade: 2,
      annotatorId: annotator.id,
      createdAt: label.createdAt.toISOString(),
      updatedAt: label.updatedAt.toISOString(),
    });
    // The query it was the first label of is in progress now.
    expect((await prisma.query.findUniqueOrThrow({ where: { id: world.query.id } })).status).toBe(
      "in_progress",
    );
  });

  it("saving the same span again updates the one row and records `updated` (before → after)", async () => {
    const world = await createLabelFixture(prisma, "again");
    const { annotator } = world.users;
    const first = await saveQuoteLabel(prisma, { ...world.quote("power light"), grade: 1, actor: annotator });
    const second = await saveQuoteLabel(prisma, {
      ...world.quote("power light"),
      grade: 3,
      actor: annotator,
    });
    expect(first.previousGrade).toBeNull();
    expect(second).toMatchObject({ labelId: first.labelId, outcome: "updated", previousGrade: 1 });
    expect(second.label).toMatchObject({ id: first.labelId, grade: 3, exact: "power light", state: "exact" });
    const rows = await prisma.label.findMany({ where: { queryId: world.query.id } });
    expect(rows.map((row) => [row.id, row.grade])).toEqual([[first.labelId, 3]]);
    const events = await eventsOf(first.labelId);
    expect(events.map((event) => event.action)).toEqual(["created", "updated"]);
    expect(events[1]).toMatchObject({
      actorEmail: annotator.email,
      before: { grade: 1 },
      after: { grade: 3 },
    });

    // The same grade once more changes nothing and records nothing.
    const third = await saveQuoteLabel(prisma, { ...world.quote("power light"), grade: 3, actor: annotator });
    expect(third).toMatchObject({ labelId: first.labelId, outcome: "unchanged", previousGrade: 3 });
    expect(third.label.grade).toBe(3);
    expect(await eventsOf(first.labelId)).toHaveLength(2);
  });

  it("answers the label as the workspace page shows it, and the query's status after the save", async () => {
    const world = await createLabelFixture(prisma, "answer");
    // a signed-in user, as the actions pass it: with the name the user has
    const { name } = await prisma.user.findUniqueOrThrow({ where: { id: world.users.annotator.id } });
    const annotator = { ...world.users.annotator, name };
    const before = await prisma.query.findUniqueOrThrow({ where: { id: world.query.id } });
    expect(before.status).toBe("unlabeled");
    const quote = await saveQuoteLabel(prisma, { ...world.quote("ten seconds"), grade: 2, actor: annotator });
    expect(quote.queryStatus).toBe("in_progress");
    // an engineer's label, without a name to show; the annotator may not change it
    const whole = await saveDocumentLabel(prisma, {
      ...world.quote("ten seconds"),
      grade: 1,
      actor: world.users.engineer,
    });
    expect(whole.queryStatus).toBe("in_progress");

    // What the page builds from the stored rows, for the annotator with the document open
    const text = await getDocumentVersionText(prisma, {
      documentId: world.router.id,
      version: world.router.version,
    });
    const openDocument = { id: world.router.id, version: world.router.version, text: text ?? "" };
    const rows = await listQueryLabels(prisma, world.query.id);
    const shown = (id: string, viewer: { id: string; role: string }) =>
      labelView({ label: rows.find((row) => row.id === id)!, viewer, openDocument });
    expect(quote.label).toEqual(shown(quote.labelId, annotator));
    expect(quote.label).toMatchObject({ exact: "ten seconds", state: "exact", mine: true, mayChange: true });
    expect(whole.label).toEqual({
      ...shown(whole.labelId, world.users.engineer),
      annotatorName: null,
    });
    expect(whole.label).toMatchObject({ exact: null, start: null, end: null, mine: true });
    expect(whole.label.state).toBeUndefined();
  });

  it("keeps one label per annotator: another annotator's label on the same span is theirs", async () => {
    const world = await createLabelFixture(prisma, "two annotators");
    const { annotator, engineer } = world.users;
    const mine = await saveQuoteLabel(prisma, { ...world.quote("reset button"), grade: 2, actor: annotator });
    const theirs = await saveQuoteLabel(prisma, {
      ...world.quote("reset button"),
      grade: 3,
      actor: engineer,
    });
    expect(theirs.labelId).not.toBe(mine.labelId);
    expect(await prisma.label.count({ where: { queryId: world.query.id } })).toBe(2);
  });

  it("ends with one row when the same annotator saves the same span many times at once", async () => {
    const world = await createLabelFixture(prisma, "concurrent");
    const { annotator } = world.users;
    const grades = [1, 2, 3, 1, 2, 3, 1, 2];
    const results = await Promise.all(
      grades.map((grade) =>
        saveQuoteLabel(prisma, { ...world.quote("factory settings"), grade, actor: annotator }),
      ),
    );
    const rows = await prisma.label.findMany({ where: { queryId: world.query.id } });
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((result) => result.labelId))).toEqual(new Set([rows[0]?.id]));
    const events = await eventsOf(rows[0]!.id);
    expect(events.filter((event) => event.action === "created")).toHaveLength(1);
    // The history ends at the grade the row has.
    expect(events.at(-1)?.after).toMatchObject({ grade: rows[0]?.grade });
  });

  it("ends with one row when separate processes save the same span at once", async () => {
    const world = await createLabelFixture(prisma, "processes");
    const { annotator } = world.users;
    // Each process opens its own connection to the file, as separate server processes would; they
    // all wait for the same start time, then race to save.
    const startAt = Date.now() + 4000;
    const results = await Promise.all(
      [3, 1, 2, 3].map(async (grade) => {
        const options = { ...world.quote("router"), grade, actor: annotator };
        const { stdout } = await run(tsx, [
          saveProcess,
          database.url,
          JSON.stringify(options),
          String(startAt),
        ]);
        return JSON.parse(stdout) as { labelId: string; outcome: string };
      }),
    );
    const rows = await prisma.label.findMany({ where: { queryId: world.query.id } });
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((result) => result.labelId))).toEqual(new Set([rows[0]?.id]));
    expect(results.filter((result) => result.outcome === "created")).toHaveLength(1);
    const events = await eventsOf(rows[0]!.id);
    expect(events.filter((event) => event.action === "created")).toHaveLength(1);
  }, 120_000);

  it("refuses a query of another set as not found, and a stale document version as a conflict", async () => {
    const world = await createLabelFixture(prisma, "addresses");
    const { annotator } = world.users;
    const foreign = saveQuoteLabel(prisma, {
      ...world.quote("ten seconds"),
      queryId: world.foreignQuery.id,
      grade: 2,
      actor: annotator,
    });
    await expect(foreign).rejects.toMatchObject({ code: "not_found" });
    const stale = saveDocumentLabel(prisma, {
      ...world.quote("ten seconds"),
      documentVersion: world.router.version + 1,
      grade: 2,
      actor: annotator,
    });
    await expect(stale).rejects.toBeInstanceOf(AppError);
    await expect(stale).rejects.toMatchObject({ code: "conflict" });
    expect(
      await prisma.label.count({
        where: { query: { goldenSetId: { in: [world.set.id, world.otherSet.id] } } },
      }),
    ).toBe(0);
  });
});

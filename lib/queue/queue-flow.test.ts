import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDocumentLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { findProgress, updateQueryDetails } from "@/lib/db/queue";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { assignQueries, loadAnnotatorProgress } from "@/lib/queue/assign-queries";
import { claimNextQuery } from "@/lib/queue/claim-next-query";
import { countOwnQueue, findNextQuery, findPreviousQuery } from "@/lib/queue/find-next-query";
import { holdQueryLock, otherLockHolder } from "@/lib/queue/hold-query-lock";
import { recordProgress } from "@/lib/queue/record-progress";

// The annotator's queue on a real database: assignments with overlap, "next" for each annotator
// (skipping what they finished and what someone else holds), progress and the set-level status.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let documentId: string;
let corpus: string;
const users: Record<"ana" | "bo" | "eli", { id: string; email: string; role: string }> = {} as never;

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  for (const [nick, role] of [
    ["ana", "annotator"],
    ["bo", "annotator"],
    ["eli", "engineer"],
  ] as const) {
    const email = `${nick}@example.test`;
    const user = await prisma.user.create({
      data: { id: randomUUID(), name: nick.toUpperCase(), email, role },
    });
    users[nick] = { id: user.id, email, role };
  }
  const { corpusId } = await importDocuments(prisma, {
    corpusName: "Corpus",
    documents: (async function* () {
      yield { externalId: "only", title: "Only", text: "Hold the reset button.", metadata: null };
    })(),
  });
  documentId = (await prisma.document.findFirstOrThrow({ where: { corpusId } })).id;
  corpus = corpusId;
});

afterAll(async () => {
  await database.dispose();
});

async function newSet(name: string, queries: number) {
  const set = await createGoldenSet(prisma, { name, description: "", corpusId: corpus });
  await addQueriesToSet(prisma, {
    setId: set.id,
    queries: Array.from({ length: queries }, (_, index) => ({ text: `${name} query ${index + 1}` })),
  });
  const ids = (
    await prisma.query.findMany({ where: { goldenSetId: set.id }, orderBy: { position: "asc" } })
  ).map((row) => row.id);
  return { setId: set.id, ids };
}

const now = () => new Date();
const judge = (setId: string, queryId: string, user: { id: string; email: string; role: string }) =>
  saveDocumentLabel(prisma, { actor: user, setId, queryId, documentId, documentVersion: 1, grade: 0 });

describe("assignQueries", () => {
  it("deals the unassigned queries round-robin with an overlap share, once", async () => {
    const { setId, ids } = await newSet("assign", 10);
    const made = await assignQueries(prisma, {
      setId,
      input: { annotatorIds: [users.ana.id, users.bo.id], overlapPercent: 20 },
      actorId: users.eli.id,
    });
    expect(made).toEqual({ queries: 10, assignments: 12 });
    const rows = await prisma.queryAssignment.findMany({ where: { query: { goldenSetId: setId } } });
    const perQuery = new Map<string, number>();
    for (const row of rows) perQuery.set(row.queryId, (perQuery.get(row.queryId) ?? 0) + 1);
    expect([...perQuery.values()].filter((count) => count === 2)).toHaveLength(2);
    expect(perQuery.size).toBe(ids.length);
    expect(rows.every((row) => row.assignedById === users.eli.id)).toBe(true);
    await expect(
      assignQueries(prisma, {
        setId,
        input: { annotatorIds: [users.ana.id], overlapPercent: 0 },
        actorId: users.eli.id,
      }),
    ).rejects.toThrow(/assigned already/);
    const progress = await loadAnnotatorProgress(prisma, setId);
    expect(progress.map((row) => [row.user.name, row.assigned, row.remaining])).toEqual([
      ["ANA", 6, 6],
      ["BO", 6, 6],
    ]);
  });
});

describe("findNextQuery", () => {
  it("walks an annotator's assignments, skipping what they finished and what someone else holds", async () => {
    const { setId, ids } = await newSet("next", 4);
    const [q1, q2, q3, q4] = ids as [string, string, string, string];
    // ana: q1, q3 (and q4 with bo: overlap); bo: q2, q4
    await prisma.queryAssignment.createMany({
      data: [
        { queryId: q1, userId: users.ana.id },
        { queryId: q3, userId: users.ana.id },
        { queryId: q4, userId: users.ana.id },
        { queryId: q2, userId: users.bo.id },
        { queryId: q4, userId: users.bo.id },
      ],
    });
    const next = (userId: string, currentId: string | null) =>
      findNextQuery(prisma, { setId, userId, currentId, now: now() }).then((found) => found?.queryId ?? null);
    expect(await next(users.ana.id, null)).toBe(q1);
    // Next says why: q1 is hers
    expect(await findNextQuery(prisma, { setId, userId: users.ana.id, currentId: null, now: now() })).toEqual(
      {
        queryId: q1,
        reason: "assigned",
      },
    );

    // done needs a judgment; then ana moves on
    await expect(
      recordProgress(prisma, { setId, queryId: q1, userId: users.ana.id, input: { action: "done" } }),
    ).rejects.toThrow(/Nothing is judged/);
    await judge(setId, q1, users.ana);
    expect(
      await recordProgress(prisma, { setId, queryId: q1, userId: users.ana.id, input: { action: "done" } }),
    ).toEqual({ status: "labeled" });
    expect(await next(users.ana.id, q1)).toBe(q3);

    // bo holds q3: ana's next passes over it; q4 is an overlap query, so bo's lock does not keep her off
    expect(await holdQueryLock(prisma, { setId, queryId: q3, userId: users.bo.id, now: now() })).toEqual({
      held: true,
    });
    await holdQueryLock(prisma, { setId, queryId: q4, userId: users.bo.id, now: now() });
    expect(await next(users.ana.id, q1)).toBe(q4);
    const refused = await holdQueryLock(prisma, { setId, queryId: q3, userId: users.ana.id, now: now() });
    expect(refused).toMatchObject({ held: false, holder: { name: "BO" }, overlap: false });
    expect(
      await otherLockHolder(prisma, { setId, queryId: q3, userId: users.ana.id, now: now() }),
    ).toMatchObject({
      name: "BO",
    });
    // bo's workspace stops renewing (a crashed tab): a minute later the lock has run out
    const later = new Date(Date.now() + 61_000);
    expect(await findNextQuery(prisma, { setId, userId: users.ana.id, currentId: q1, now: later })).toEqual({
      queryId: q3,
      reason: "assigned",
    });
    expect(await holdQueryLock(prisma, { setId, queryId: q3, userId: users.ana.id, now: later })).toEqual({
      held: true,
    });

    // skip with a reason; it stays out of her queue, its set status says skipped
    await recordProgress(prisma, {
      setId,
      queryId: q3,
      userId: users.ana.id,
      input: { action: "skipped", reason: "needs a storage engineer" },
    });
    expect(await findProgress(prisma, { queryId: q3, userId: users.ana.id })).toMatchObject({
      state: "skipped",
      reason: "needs a storage engineer",
    });
    expect((await prisma.query.findUniqueOrThrow({ where: { id: q3 } })).lockedById).toBeNull();
    await recordProgress(prisma, {
      setId,
      queryId: q4,
      userId: users.ana.id,
      input: { action: "cannot_judge", reason: "ambiguous query" },
    });
    // the end of her queue: nothing assigned left, nothing unlabeled and unassigned, no runs
    expect(await next(users.ana.id, q4)).toBeNull();
    expect(await next(users.bo.id, null)).toBe(q2);
    expect(await countOwnQueue(prisma, { setId, userId: users.ana.id, now: now() })).toEqual({
      left: 0,
      assigned: 0,
    });
    expect(await countOwnQueue(prisma, { setId, userId: users.bo.id, now: now() })).toEqual({
      left: 2,
      assigned: 2,
    });

    // `p` walks back through her history, newest first
    expect(await findPreviousQuery(prisma, { setId, userId: users.ana.id, currentId: q2 })).toBe(q4);
    expect(await findPreviousQuery(prisma, { setId, userId: users.ana.id, currentId: q4 })).toBe(q3);

    const statuses = await prisma.query.findMany({
      where: { goldenSetId: setId },
      orderBy: { position: "asc" },
    });
    expect(statuses.map((row) => row.status)).toEqual(["labeled", "unlabeled", "skipped", "skipped"]);
    const [ana] = await loadAnnotatorProgress(prisma, setId);
    expect(ana).toMatchObject({ assigned: 3, done: 1, skipped: 1, cannotJudge: 1, remaining: 0, labels: 1 });
  });

  it("offers unassigned unlabeled queries to anyone, and closes them for everyone once judged", async () => {
    const { setId, ids } = await newSet("free", 3);
    const [q1, q2, q3] = ids as [string, string, string];
    expect(await findNextQuery(prisma, { setId, userId: users.bo.id, currentId: null, now: now() })).toEqual({
      queryId: q1,
      reason: "unlabeled",
    });
    await judge(setId, q1, users.ana);
    expect(
      await findNextQuery(prisma, { setId, userId: users.bo.id, currentId: null, now: now() }),
    ).toMatchObject({
      queryId: q2,
    });
    await recordProgress(prisma, {
      setId,
      queryId: q2,
      userId: users.ana.id,
      input: { action: "no_answer" },
    });
    expect(
      await findNextQuery(prisma, { setId, userId: users.bo.id, currentId: q1, now: now() }),
    ).toMatchObject({
      queryId: q3,
    });
    // reopening forgets her progress and the status falls back
    await recordProgress(prisma, { setId, queryId: q2, userId: users.ana.id, input: { action: "reopen" } });
    expect(await findProgress(prisma, { queryId: q2, userId: users.ana.id })).toBeNull();
    expect((await prisma.query.findUniqueOrThrow({ where: { id: q2 } })).status).toBe("unlabeled");
  });
});

describe("claimNextQuery", () => {
  it("gives two annotators pressing Next together two different free queries, each locked for its taker", async () => {
    const { setId, ids } = await newSet("claim", 3);
    const claim = (userId: string) =>
      claimNextQuery(prisma, { setId, userId, currentId: null, now: now() }).then((found) => found?.queryId);
    const both = await Promise.all([claim(users.ana.id), claim(users.bo.id)]);
    expect(new Set(both).size).toBe(2);
    expect(both.every((id) => id === ids[0] || id === ids[1])).toBe(true);
    const locks = await prisma.query.findMany({ where: { id: { in: both as string[] } } });
    expect(new Set(locks.map((row) => row.lockedById))).toEqual(new Set([users.ana.id, users.bo.id]));
    // pressing Next again keeps her own pick: her lock is not held against her
    expect(await claim(users.ana.id)).toBe(both[0]);
  });

  it("opens a query assigned to several annotators for each of them, as the queue allows", async () => {
    const { setId, ids } = await newSet("claim overlap", 2);
    const [q1] = ids as [string, string];
    await prisma.queryAssignment.createMany({
      data: [
        { queryId: q1, userId: users.ana.id },
        { queryId: q1, userId: users.bo.id },
      ],
    });
    const options = { setId, currentId: null, now: now() };
    expect(await claimNextQuery(prisma, { ...options, userId: users.ana.id })).toEqual({
      queryId: q1,
      reason: "assigned",
    });
    expect(await claimNextQuery(prisma, { ...options, userId: users.bo.id })).toEqual({
      queryId: q1,
      reason: "assigned",
    });
    expect((await prisma.query.findUniqueOrThrow({ where: { id: q1 } })).lockedById).toBe(users.ana.id);
  });
});

describe("updateQueryDetails", () => {
  it("saves the information need and notes and moves updatedAt, only within the set", async () => {
    const { setId, ids } = await newSet("details", 1);
    const before = await prisma.query.findUniqueOrThrow({ where: { id: ids[0]! } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await updateQueryDetails(prisma, {
      setId,
      queryId: ids[0]!,
      informationNeed: "How to reset",
      notes: "vague",
    });
    const after = await prisma.query.findUniqueOrThrow({ where: { id: ids[0]! } });
    expect(after).toMatchObject({ informationNeed: "How to reset", notes: "vague" });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const other = await newSet("details other", 1);
    await expect(
      updateQueryDetails(prisma, { setId: other.setId, queryId: ids[0]!, informationNeed: "", notes: "" }),
    ).rejects.toThrow(/No such query/);
  });
});

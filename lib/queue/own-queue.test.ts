import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveDocumentLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { loadOwnQueueQueries, loadQueueQueries } from "@/lib/db/queue";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { nextInQueue, orderQueue, queueTierForMe } from "@/lib/labeling/order-queue";
import { countOwnQueue, findNextQuery } from "@/lib/queue/find-next-query";
import { holdQueryLock } from "@/lib/queue/hold-query-lock";
import { recordProgress } from "@/lib/queue/record-progress";

// "Next" reads only the queries that can be in the annotator's own queue (loadOwnQueueQueries);
// here, on a set in every state a query can be in, its answers are checked against the queue
// rules run on every query of the set, from every query and for each annotator.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

beforeAll(() => {
  database = createTestDatabase();
  prisma = database.prisma;
});

afterAll(async () => {
  await database.dispose();
});

async function user(nick: string) {
  const email = `${nick}-${randomUUID()}@example.test`;
  const row = await prisma.user.create({ data: { id: randomUUID(), name: nick, email, role: "annotator" } });
  return { id: row.id, email, role: "annotator" };
}

describe("loadOwnQueueQueries", () => {
  it("gives findNextQuery and countOwnQueue the answers the whole set gives", async () => {
    const name = randomUUID();
    const { corpusId } = await importDocuments(prisma, {
      corpusName: `own queue ${name}`,
      documents: (async function* () {
        yield { externalId: "only", title: "Only", text: "Hold the reset button.", metadata: null };
      })(),
    });
    const documentId = (await prisma.document.findFirstOrThrow({ where: { corpusId } })).id;
    const set = await createGoldenSet(prisma, { name: `own queue ${name}`, description: "", corpusId });
    await addQueriesToSet(prisma, {
      setId: set.id,
      queries: Array.from({ length: 9 }, (_, index) => ({ text: `query ${index + 1}` })),
    });
    const ids = (
      await prisma.query.findMany({ where: { goldenSetId: set.id }, orderBy: { position: "asc" } })
    ).map((row) => row.id);
    const [q1, q2, q3, q4, q5, q6, q7, q8] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const [ana, bo, cy] = [await user("ana"), await user("bo"), await user("cy")];
    await prisma.queryAssignment.createMany({
      data: [
        { queryId: q1, userId: ana.id },
        { queryId: q2, userId: bo.id },
        { queryId: q3, userId: ana.id },
        { queryId: q3, userId: bo.id },
      ],
    });
    const judge = (queryId: string, actor: typeof ana) =>
      saveDocumentLabel(prisma, { actor, setId: set.id, queryId, documentId, documentVersion: 1, grade: 0 });
    // q1: ana's, done; q4: labeled by cy, unassigned; q5: skipped by cy; q6: held by bo; q7: labeled
    // and done by ana; q8 and q9: untouched
    await judge(q1, ana);
    await recordProgress(prisma, { setId: set.id, queryId: q1, userId: ana.id, input: { action: "done" } });
    await judge(q4, cy);
    await recordProgress(prisma, {
      setId: set.id,
      queryId: q5,
      userId: cy.id,
      input: { action: "skipped", reason: "unclear" },
    });
    const now = new Date();
    await holdQueryLock(prisma, { setId: set.id, queryId: q6, userId: bo.id, now });
    await judge(q7, ana);
    await recordProgress(prisma, { setId: set.id, queryId: q7, userId: ana.id, input: { action: "done" } });
    await holdQueryLock(prisma, { setId: set.id, queryId: q8, userId: cy.id, now });

    for (const me of [ana, bo, cy]) {
      const everything = await loadQueueQueries(prisma, { setId: set.id, userId: me.id });
      const own = await loadOwnQueueQueries(prisma, { setId: set.id, userId: me.id });
      expect(own.length).toBeLessThan(everything.length);
      for (const currentId of [null, ...ids]) {
        const whole = nextInQueue({ queries: everything, me: me.id, now, currentId });
        const expected = whole
          ? { queryId: whole.query.id, reason: queueTierForMe(whole.query, me.id) }
          : null;
        expect(await findNextQuery(prisma, { setId: set.id, userId: me.id, currentId, now })).toEqual(
          expected,
        );
      }
      const queue = orderQueue({ queries: everything, me: me.id, now });
      expect((await countOwnQueue(prisma, { setId: set.id, userId: me.id, now })).left).toBe(queue.length);
    }
  });
});

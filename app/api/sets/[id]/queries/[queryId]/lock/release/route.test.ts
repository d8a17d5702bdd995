import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppTestDatabase, signInAs } from "@/lib/auth/testing/app-test-database";

// The beacon's route on a real SQLite file and real sessions: the holder's own beacon drops the
// lock; anyone else's, another site's and a signed-out one change nothing.
const database = createAppTestDatabase();
const { POST } = await import("./route");
const { importDocuments } = await import("@/lib/db/corpora");
const { addQueriesToSet, createGoldenSet } = await import("@/lib/db/golden-sets");
const { holdQueryLock } = await import("@/lib/queue/hold-query-lock");

let holder: { userId: string; cookie: string };
let other: { userId: string; cookie: string };
let setId: string;
let queryId: string;

beforeAll(async () => {
  holder = await signInAs("annotator");
  other = await signInAs("annotator");
  const { corpusId } = await importDocuments(database.prisma, {
    corpusName: "Corpus",
    documents: (async function* () {
      yield { externalId: "only", title: "Only", text: "Hold the reset button.", metadata: null };
    })(),
  });
  setId = (await createGoldenSet(database.prisma, { name: "Locks", description: "", corpusId })).id;
  await addQueriesToSet(database.prisma, { setId, queries: [{ text: "reset" }] });
  queryId = (await database.prisma.query.findFirstOrThrow({ where: { goldenSetId: setId } })).id;
});

afterAll(async () => {
  await database.dispose();
});

/** A beacon as Chromium sends it: POST, empty body, the page's origin, same-origin fetch metadata. */
function beacon(headers: Record<string, string>) {
  const request = new Request(`http://localhost/api/sets/${setId}/queries/${queryId}/lock/release`, {
    method: "POST",
    headers: { origin: "http://localhost", "sec-fetch-site": "same-origin", ...headers },
  });
  return POST(request, { params: Promise.resolve({ id: setId, queryId }) });
}

const lockHolder = async () =>
  (await database.prisma.query.findUniqueOrThrow({ where: { id: queryId } })).lockedById;

describe("POST /api/sets/[id]/queries/[queryId]/lock/release", () => {
  it("drops the caller's own lock and nobody else's", async () => {
    await holdQueryLock(database.prisma, { setId, queryId, userId: holder.userId, now: new Date() });
    expect(await lockHolder()).toBe(holder.userId);

    expect((await beacon({})).status).toBe(401);
    expect(
      (
        await beacon({
          cookie: holder.cookie,
          origin: "https://evil.example",
          "sec-fetch-site": "cross-site",
        })
      ).status,
    ).toBe(403);
    expect((await beacon({ cookie: other.cookie })).status).toBe(204);
    expect(await lockHolder()).toBe(holder.userId);

    expect((await beacon({ cookie: holder.cookie })).status).toBe(204);
    expect(await lockHolder()).toBeNull();
    // the next annotator takes it at once, without waiting for the lock to run out
    expect(
      await holdQueryLock(database.prisma, { setId, queryId, userId: other.userId, now: new Date() }),
    ).toEqual({
      held: true,
    });
  });
});

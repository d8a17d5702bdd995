import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acceptJudgeSuggestion } from "@/lib/curation/accept-judge-suggestion";
import { askJudgeForQuery } from "@/lib/curation/ask-judge-for-query";
import type { Db } from "@/lib/db/client";
import { listSetLabelEvents } from "@/lib/db/label-events";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { type FakeChatServer, startFakeChatServer } from "@/lib/judging/testing/fake-chat-server";
import {
  createFakeJudge,
  FIXTURE_DOCUMENTS,
  fakeJudgingServices,
  type JudgingFixture,
  seedJudgingFixture,
} from "@/lib/judging/testing/judging-fixture";
import { pickJudgePassages } from "@/lib/labeling/judge-suggestions";

// The workspace's round trip: ask the judge about the candidates of the open query, then accept
// one suggestion with a key — the person's label, its history naming the judge; a second ask of
// the same passages sends nothing.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let server: FakeChatServer;
let fixture: JudgingFixture;

beforeAll(async () => {
  server = await startFakeChatServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  server.reset();
  fixture = await seedJudgingFixture(prisma);
});
afterEach(async () => {
  await database.dispose();
});

const candidates = () =>
  FIXTURE_DOCUMENTS.map((document) => ({
    documentId: fixture.documentIds.get(document.externalId)!,
    passages: [{ start: 0, end: document.text.length }],
  }));

async function annotator() {
  const email = `ana-${randomUUID()}@example.test`;
  const user = await prisma.user.create({
    data: { id: randomUUID(), name: "Ana", email, role: "annotator" },
  });
  return { id: user.id, email, role: "annotator" };
}

describe("ask the judge, then accept a suggestion", () => {
  it("suggests, makes no label until accepted, then the person's label with the judge in its history", async () => {
    const judge = await createFakeJudge(prisma, { server });
    server.script({ kind: "judge" }, { kind: "judge" }, { kind: "made-up-quote", grade: 3 });
    const options = {
      setId: fixture.setId,
      queryId: fixture.queryIds[0]!,
      judgeId: judge.id,
      passages: pickJudgePassages(candidates()),
      services: fakeJudgingServices(server),
    };
    const suggestions = await askJudgeForQuery(prisma, options);
    expect(suggestions.map((entry) => [entry.status, entry.grade, entry.cached])).toEqual([
      ["supported", 3, false],
      ["not_needed", 0, false],
      ["unsupported", 3, false],
    ]);
    const [supported, , unsupported] = suggestions;
    const solar = FIXTURE_DOCUMENTS[0].text;
    expect(supported?.quoteSpan).not.toBeNull();
    expect(solar.slice(supported!.quoteSpan!.start, supported!.quoteSpan!.end)).toBe(supported?.quote);
    expect(await prisma.label.count({ where: { queryId: options.queryId } })).toBe(0);

    const actor = await annotator();
    const base = { setId: options.setId, queryId: options.queryId, actor };
    const accepted = await acceptJudgeSuggestion(prisma, { ...base, judgmentId: supported!.judgmentId });
    expect(accepted).toMatchObject({ outcome: "created", grade: 3, judge: `model:${judge.name}` });
    const label = await prisma.label.findUniqueOrThrow({ where: { id: accepted.labelId } });
    expect(label).toMatchObject({ annotatorId: actor.id, grade: 3, exact: supported?.quote });
    const { rows } = await listSetLabelEvents(prisma, { setId: options.setId, page: 1, pageSize: 5 });
    expect(rows[0]?.after?.suggestedBy).toEqual({
      judge: `model:${judge.name}`,
      judgmentId: supported?.judgmentId,
    });

    await expect(
      acceptJudgeSuggestion(prisma, { ...base, judgmentId: unsupported!.judgmentId }),
    ).rejects.toThrow(/not in the passage/);

    const requests = server.requests.length;
    const again = await askJudgeForQuery(prisma, options);
    expect(again.every((entry) => entry.cached)).toBe(true);
    expect(server.requests.length).toBe(requests);
  });

  it("refuses a query of another set", async () => {
    const judge = await createFakeJudge(prisma, { server });
    const other = await seedJudgingFixture(prisma);
    await expect(
      askJudgeForQuery(prisma, {
        setId: other.setId,
        queryId: fixture.queryIds[0]!,
        judgeId: judge.id,
        passages: pickJudgePassages(candidates()),
        services: fakeJudgingServices(server),
      }),
    ).rejects.toThrow(/No such query in this set/);
    expect(server.requests).toHaveLength(0);
  });
});

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { acceptJudgeSuggestion } from "@/lib/curation/accept-judge-suggestion";
import { askJudgeForQuery } from "@/lib/curation/ask-judge-for-query";
import { listSetLabelEvents } from "@/lib/db/label-events";
import {
  createFakeJudge,
  FIXTURE_DOCUMENTS,
  fakeJudgingServices,
  seedJudgingFixture,
} from "@/lib/judging/testing/judging-fixture";
import { setUpJudgingTests } from "@/lib/judging/testing/judging-test-hooks";
import { pickJudgePassages } from "@/lib/labeling/judge-suggestions";

// The workspace's round trip: ask the judge about the candidates of the open query, then accept
// one suggestion with a key — the person's label, its history naming the judge; a second ask of
// the same passages sends nothing.

const world = setUpJudgingTests();

const candidates = () =>
  FIXTURE_DOCUMENTS.map((document) => ({
    documentId: world.fixture.documentIds.get(document.externalId)!,
    passages: [{ start: 0, end: document.text.length }],
  }));

async function annotator() {
  const email = `ana-${randomUUID()}@example.test`;
  const user = await world.prisma.user.create({
    data: { id: randomUUID(), name: "Ana", email, role: "annotator" },
  });
  return { id: user.id, email, role: "annotator" };
}

describe("ask the judge, then accept a suggestion", () => {
  it("suggests, makes no label until accepted, then the person's label with the judge in its history", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    world.server.script({ kind: "judge" }, { kind: "judge" }, { kind: "made-up-quote", grade: 3 });
    const options = {
      setId: world.fixture.setId,
      queryId: world.fixture.queryIds[0]!,
      judgeId: judge.id,
      passages: pickJudgePassages(candidates()),
      services: fakeJudgingServices(world.server),
    };
    const suggestions = await askJudgeForQuery(world.prisma, options);
    expect(suggestions.map((entry) => [entry.status, entry.grade, entry.cached])).toEqual([
      ["supported", 3, false],
      ["not_needed", 0, false],
      ["unsupported", 3, false],
    ]);
    const [supported, , unsupported] = suggestions;
    const solar = FIXTURE_DOCUMENTS[0].text;
    expect(supported?.quoteSpan).not.toBeNull();
    expect(solar.slice(supported!.quoteSpan!.start, supported!.quoteSpan!.end)).toBe(supported?.quote);
    expect(await world.prisma.label.count({ where: { queryId: options.queryId } })).toBe(0);

    const actor = await annotator();
    const base = { setId: options.setId, queryId: options.queryId, actor };
    const accepted = await acceptJudgeSuggestion(world.prisma, {
      ...base,
      judgmentId: supported!.judgmentId,
    });
    expect(accepted).toMatchObject({ outcome: "created", grade: 3, judge: `model:${judge.name}` });
    const label = await world.prisma.label.findUniqueOrThrow({ where: { id: accepted.labelId } });
    expect(label).toMatchObject({ annotatorId: actor.id, grade: 3, exact: supported?.quote });
    const { rows } = await listSetLabelEvents(world.prisma, { setId: options.setId, page: 1, pageSize: 5 });
    expect(rows[0]?.after?.suggestedBy).toEqual({
      judge: `model:${judge.name}`,
      judgmentId: supported?.judgmentId,
    });

    await expect(
      acceptJudgeSuggestion(world.prisma, { ...base, judgmentId: unsupported!.judgmentId }),
    ).rejects.toThrow(/not in the passage/);

    const requests = world.server.requests.length;
    const again = await askJudgeForQuery(world.prisma, options);
    expect(again.every((entry) => entry.cached)).toBe(true);
    expect(world.server.requests.length).toBe(requests);
  });

  it("refuses a query of another set", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    const other = await seedJudgingFixture(world.prisma);
    await expect(
      askJudgeForQuery(world.prisma, {
        setId: other.setId,
        queryId: world.fixture.queryIds[0]!,
        judgeId: judge.id,
        passages: pickJudgePassages(candidates()),
        services: fakeJudgingServices(world.server),
      }),
    ).rejects.toThrow(/No such query in this set/);
    expect(world.server.requests).toHaveLength(0);
  });
});

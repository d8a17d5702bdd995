import { describe, expect, it } from "vitest";
import { listModelJudgments } from "@/lib/db/model-judgments";
import { createFakeJudge, FIXTURE_DOCUMENTS } from "@/lib/judging/testing/judging-fixture";
import { setUpJudgingTests } from "@/lib/judging/testing/judging-test-hooks";
import { askJudge } from "@/lib/judging-runs/ask-judge";

const world = setUpJudgingTests();

const passages = () =>
  FIXTURE_DOCUMENTS.map((document) => ({
    documentId: world.fixture.documentIds.get(document.externalId)!,
    start: 0,
    end: document.text.length,
  }));

describe("asking the judge in the workspace", () => {
  it("suggests grades with quote selectors, stores them as workspace judgments, and makes no label", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server, settings: { concurrency: 3 } });
    world.server.script({ kind: "judge" }, { kind: "judge" }, { kind: "judge" });
    const suggestions = await askJudge(world.prisma, {
      judgeId: judge.id,
      queryId: world.fixture.queryIds[0]!,
      passages: passages(),
      services: world.services,
    });
    expect(suggestions.map((s) => [s.status, s.grade, s.cached])).toEqual([
      ["supported", 3, false],
      ["not_needed", 0, false],
      ["supported", 1, false],
    ]);
    expect(suggestions[0]?.selector).toMatchObject({ exact: "Panel efficiency depends on temperature." });
    expect(suggestions[1]?.selector).toBeNull();
    expect(await world.prisma.label.count()).toBe(0);
    const listed = await listModelJudgments(world.prisma, { setId: world.fixture.setId, judgeId: judge.id });
    expect(listed.total).toBe(3);
    expect(listed.rows.every((row) => row.origin === "workspace" && row.labelId === null)).toBe(true);
    expect(listed.rows.map((row) => row.documentExternalId).sort()).toEqual(["cheap", "solar", "wind"]);

    world.server.reset();
    const again = await askJudge(world.prisma, {
      judgeId: judge.id,
      queryId: world.fixture.queryIds[0]!,
      passages: passages(),
      services: world.services,
    });
    expect(world.server.requests).toHaveLength(0);
    expect(again.map((s) => s.cached)).toEqual([true, true, true]);
    expect(again.map((s) => s.judgmentId)).toEqual(suggestions.map((s) => s.judgmentId));
  });

  it("refuses more than 20 passages, and a span outside the document", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    const many = Array.from({ length: 21 }, () => passages()[0]!);
    await expect(
      askJudge(world.prisma, {
        judgeId: judge.id,
        queryId: world.fixture.queryIds[0]!,
        passages: many,
        services: world.services,
      }),
    ).rejects.toThrow(/at most 20 passages/);
    const outside = [{ ...passages()[0]!, end: 10_000 }];
    await expect(
      askJudge(world.prisma, {
        judgeId: judge.id,
        queryId: world.fixture.queryIds[0]!,
        passages: outside,
        services: world.services,
      }),
    ).rejects.toThrow(/passages\[0\]: the span is outside the document/);
    expect(world.server.requests).toHaveLength(0);
  });

  it("lists judgments by status and query, one page at a time", async () => {
    const judge = await createFakeJudge(world.prisma, { server: world.server });
    world.server.script({ kind: "made-up-quote", grade: 2 });
    await askJudge(world.prisma, {
      judgeId: judge.id,
      queryId: world.fixture.queryIds[1]!,
      passages: passages(),
      services: world.services,
    });
    const unsupported = await listModelJudgments(world.prisma, {
      setId: world.fixture.setId,
      status: "unsupported",
    });
    expect(unsupported.total).toBe(1);
    expect(unsupported.rows[0]).toMatchObject({
      queryKey: expect.any(String),
      queryText: "wind turbine noise",
      grade: 2,
      quote: "a phrase the passage never contains",
    });
    const page = await listModelJudgments(world.prisma, {
      setId: world.fixture.setId,
      queryId: world.fixture.queryIds[1]!,
      take: 2,
    });
    expect(page.total).toBe(3);
    expect(page.rows).toHaveLength(2);
  });
});

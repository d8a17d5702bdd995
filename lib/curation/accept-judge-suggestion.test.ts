import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptJudgeSuggestion } from "@/lib/curation/accept-judge-suggestion";
import { createLabelFixture, fixtureText } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { findAcceptedSuggestions, listSetLabelEvents } from "@/lib/db/label-events";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";

// Accepting the judge's suggestion in the workspace makes the person's label, through the same
// save as their own labels; the history names the judge and the judgment.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

beforeAll(() => {
  database = createTestDatabase();
  prisma = database.prisma;
});

afterAll(async () => {
  await database.dispose();
});

type World = Awaited<ReturnType<typeof createLabelFixture>>;

/** A judge `model:<name>` and one of its answers about the router document's whole text. */
async function judgment(
  world: World,
  name: string,
  answer: { status: string; grade: number | null; quote: string; wholeDocument?: boolean },
) {
  const annotator = await prisma.user.create({
    data: { id: crypto.randomUUID(), name: `model:${name}`, email: `model:${name}`, role: "model" },
  });
  const judge = await prisma.judge.create({
    data: { name, version: 1, settings: {}, annotatorId: annotator.id },
  });
  return prisma.modelJudgment.create({
    data: {
      judgeId: judge.id,
      goldenSetId: world.set.id,
      queryId: world.query.id,
      documentId: world.router.id,
      documentVersion: world.router.version,
      start: 0,
      end: fixtureText.length,
      wholeDocument: answer.wholeDocument ?? false,
      cacheKey: `key-${name}`,
      status: answer.status,
      grade: answer.grade,
      quote: answer.quote,
      reason: "Because.",
      origin: "workspace",
    },
  });
}

describe("acceptJudgeSuggestion", () => {
  it("saves the person's quote label at the judge's quote; history says it came from the model", async () => {
    const world = await createLabelFixture(prisma, "accept quote");
    const suggestion = await judgment(world, "accept-quote", {
      status: "supported",
      grade: 3,
      quote: "hold the reset button for ten seconds",
    });
    const { annotator } = world.users;
    const accepted = await acceptJudgeSuggestion(prisma, {
      setId: world.set.id,
      queryId: world.query.id,
      judgmentId: suggestion.id,
      actor: annotator,
    });
    expect(accepted).toMatchObject({
      outcome: "created",
      grade: 3,
      exact: "Hold the reset button for ten seconds",
      judge: "model:accept-quote",
    });
    // the answer shows the label as the workspace does: theirs, made from the judge's suggestion
    expect(accepted.label).toMatchObject({ id: accepted.labelId, grade: 3, mine: true });
    expect(accepted.label.suggestedBy).toBe("model:accept-quote");
    const label = await prisma.label.findUniqueOrThrow({ where: { id: accepted.labelId } });
    expect(label).toMatchObject({ annotatorId: annotator.id, grade: 3, kind: "quote" });
    const { rows } = await listSetLabelEvents(prisma, { setId: world.set.id, page: 1, pageSize: 10 });
    expect(rows[0]?.after?.suggestedBy).toEqual({ judge: "model:accept-quote", judgmentId: suggestion.id });
    expect(rows[0]?.actorEmail).toBe(annotator.email);
    // the workspace's label list says so too, also after the person changes the grade
    await prisma.label.update({ where: { id: label.id }, data: { grade: 1 } });
    expect(await findAcceptedSuggestions(prisma, [label.id, "another"])).toEqual(
      new Map([[label.id, "model:accept-quote"]]),
    );
  });

  it("labels the passage for grade 0 and the whole document for a document-level grade 0", async () => {
    const world = await createLabelFixture(prisma, "accept zero");
    const passage = await judgment(world, "zero-passage", { status: "not_needed", grade: 0, quote: "" });
    const whole = await judgment(world, "zero-whole", {
      status: "not_needed",
      grade: 0,
      quote: "",
      wholeDocument: true,
    });
    const options = { setId: world.set.id, queryId: world.query.id, actor: world.users.annotator };
    const first = await acceptJudgeSuggestion(prisma, { ...options, judgmentId: passage.id });
    expect(first).toMatchObject({ grade: 0, exact: fixtureText });
    const second = await acceptJudgeSuggestion(prisma, { ...options, judgmentId: whole.id });
    expect(second.exact).toBeNull();
    const label = await prisma.label.findUniqueOrThrow({ where: { id: second.labelId } });
    expect(label.kind).toBe("document");
  });

  it("accepting onto the person's own label changes its grade, once", async () => {
    const world = await createLabelFixture(prisma, "accept again");
    const suggestion = await judgment(world, "again", {
      status: "supported",
      grade: 2,
      quote: "power light",
    });
    const options = { setId: world.set.id, queryId: world.query.id, actor: world.users.annotator };
    const first = await acceptJudgeSuggestion(prisma, { ...options, judgmentId: suggestion.id });
    const second = await acceptJudgeSuggestion(prisma, { ...options, judgmentId: suggestion.id });
    expect(second).toMatchObject({ outcome: "unchanged", labelId: first.labelId });
    // a label that was there keeps the judge its history credits
    expect(second.label.suggestedBy).toBe("model:again");
  });

  it("refuses unsupported answers and suggestions of another query", async () => {
    const world = await createLabelFixture(prisma, "accept refused");
    const unsupported = await judgment(world, "made-up", {
      status: "unsupported",
      grade: 3,
      quote: "a sentence the document never had",
    });
    const options = { setId: world.set.id, actor: world.users.annotator, judgmentId: unsupported.id };
    await expect(acceptJudgeSuggestion(prisma, { ...options, queryId: world.query.id })).rejects.toThrow(
      /not in the passage/,
    );
    const elsewhere = acceptJudgeSuggestion(prisma, { ...options, queryId: world.otherQuery.id });
    await expect(elsewhere).rejects.toBeInstanceOf(AppError);
    await expect(elsewhere).rejects.toThrow(/No such judge suggestion/);
    expect(await prisma.label.count({ where: { queryId: world.query.id } })).toBe(0);
  });
});

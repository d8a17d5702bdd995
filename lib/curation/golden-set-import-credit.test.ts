import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import { createLabelFixture } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";

// Who a golden-set import through the app credits (SQLite, and PostgreSQL with
// GOLDENSET_TEST_DATABASE=postgresql): an annotator cannot bring in labels in the admin's name or
// adjudicated; an engineer keeps the annotators that exist here and credits the rest to themself.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let world: Awaited<ReturnType<typeof createLabelFixture>>;
let file: GoldenSetFile;

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  world = await createLabelFixture(prisma, "credit");
  const { annotator, engineer } = world.users;
  await saveQuoteLabel(prisma, { ...world.quote("ten seconds"), grade: 3, actor: annotator });
  await saveQuoteLabel(prisma, { ...world.quote("ten seconds"), grade: 2, actor: engineer });
  await saveDocumentLabel(prisma, { ...world.quote("router"), grade: 1, actor: annotator });
  file = await buildGoldenSetFile(prisma, world.set.id);
});

afterAll(async () => {
  await database.dispose();
});

/** The fixture's file with every label claiming to be the admin's adjudication (one per span). */
function spoofed(name: string, annotator = world.users.admin.email): GoldenSetFile {
  const copy = structuredClone(file);
  copy.set.name = name;
  for (const query of copy.queries) {
    const spans = new Set<string>();
    query.labels = query.labels
      .filter((label) => {
        const span = JSON.stringify([label.document, label.target]);
        return spans.has(span) ? false : spans.add(span) && true;
      })
      .map((label) => ({ ...label, annotator, adjudicated: true }));
  }
  return copy;
}

async function importedLabels(setId: string) {
  return prisma.label.findMany({
    where: { query: { goldenSetId: setId } },
    include: { annotator: { select: { email: true } } },
  });
}

describe("importGoldenSetFile by a signed-in user", () => {
  it("credits every label of an annotator's import to the annotator and drops adjudication", async () => {
    const { annotator } = world.users;
    const imported = await importGoldenSetFile(prisma, {
      file: spoofed("annotator's copy"),
      importedBy: { id: annotator.id, email: annotator.email, mayAdjudicate: false },
    });
    const labels = await importedLabels(imported.setId);
    expect(labels).toHaveLength(2);
    expect(labels.map((label) => [label.annotator?.email, label.adjudicated])).toEqual([
      [annotator.email, false],
      [annotator.email, false],
    ]);
    expect(imported.credit?.message).toBe(
      "2 labels credited to you; adjudication dropped from 2 labels: only engineers and admins adjudicate.",
    );
    const events = await prisma.labelEvent.findMany({ where: { goldenSetId: imported.setId } });
    expect(events.map((event) => event.actorId)).toEqual([annotator.id, annotator.id]);
  });

  it("lets an engineer keep existing annotators and adjudications, crediting unknown people to the engineer", async () => {
    const { engineer, admin } = world.users;
    const kept = await importGoldenSetFile(prisma, {
      file: spoofed("engineer's copy"),
      importedBy: { id: engineer.id, email: engineer.email, mayAdjudicate: true },
    });
    expect(
      (await importedLabels(kept.setId)).map((label) => [label.annotator?.email, label.adjudicated]),
    ).toEqual([
      [admin.email, true],
      [admin.email, true],
    ]);
    expect(kept.credit?.message).toBe("2 labels kept the annotator the file named.");

    const usersBefore = await prisma.user.count();
    const ghosts = await importGoldenSetFile(prisma, {
      file: spoofed("engineer's ghosts", "nobody-here@example.test"),
      importedBy: { id: engineer.id, email: engineer.email, mayAdjudicate: true },
    });
    expect(
      (await importedLabels(ghosts.setId)).map((label) => [label.annotator?.email, label.adjudicated]),
    ).toEqual([
      [engineer.email, true],
      [engineer.email, true],
    ]);
    expect(await prisma.user.count()).toBe(usersBefore); // no placeholder user for the unknown email
    expect(ghosts.credit?.message).toBe("2 labels credited to you (the file named no user of this server).");
  });

  it("merges two people's labels on one span that an annotator's import makes theirs", async () => {
    const { otherAnnotator } = world.users;
    const imported = await importGoldenSetFile(prisma, {
      file: { ...structuredClone(file), set: { ...file.set, name: "merged copy" } },
      importedBy: { id: otherAnnotator.id, email: otherAnnotator.email, mayAdjudicate: false },
    });
    const labels = await importedLabels(imported.setId);
    expect(labels.map((label) => [label.kind, label.grade, label.annotator?.email]).sort()).toEqual([
      ["document", 1, otherAnnotator.email],
      ["quote", 3, otherAnnotator.email],
    ]);
    expect(imported).toMatchObject({ labels: 2, credit: { merged: 1 } });
  });
});

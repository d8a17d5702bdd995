import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveQuote } from "@/lib/anchor/resolve-quote";
import { deleteLabel } from "@/lib/curation/change-label";
import { countRepairQueue, loadRepairQueue } from "@/lib/curation/load-repair-queue";
import { reanchorLabel } from "@/lib/curation/reanchor-label";
import { saveQuoteLabel } from "@/lib/curation/save-label";
import { createLabelFixture, fixtureText } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { getCorpusDocument, importDocuments } from "@/lib/db/corpora";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { labelSnapshotSchema } from "@/lib/sets/label-history";

// After a document changes (a new version through the corpus import), its labels that no longer
// anchor are queued for repair; accepting a candidate re-anchors the label on the new version.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;

beforeAll(() => {
  database = createTestDatabase();
  prisma = database.prisma;
});

afterAll(async () => {
  await database.dispose();
});

/** The fixture's router document, re-imported with `text` (version 2). */
async function editRouter(name: string, text: string) {
  await importDocuments(prisma, {
    corpusName: `corpus ${name}`,
    documents: (async function* () {
      yield { externalId: "router", title: "Resetting the router", text, metadata: null };
    })(),
  });
}

const rewritten = fixtureText.replace(
  "Hold the reset button for ten seconds",
  "Press and hold the reset key for 10 seconds",
);

describe("the orphan repair queue", () => {
  it("queues a label whose quote no longer anchors, and accepting a candidate makes it exact", async () => {
    const world = await createLabelFixture(prisma, "repair");
    const { annotator } = world.users;
    const { labelId } = await saveQuoteLabel(prisma, {
      ...world.quote("Hold the reset button for ten seconds"),
      grade: 3,
      actor: annotator,
    });
    expect(await countRepairQueue(prisma, world.set.id)).toBe(0);

    await editRouter("repair", rewritten);
    expect(await countRepairQueue(prisma, world.set.id)).toBe(1);
    const [item, ...rest] = await loadRepairQueue(prisma, { setId: world.set.id, viewer: annotator });
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      labelId,
      state: "orphaned",
      labeledVersion: 1,
      document: { externalId: "router", version: 2 },
      old: { exact: "Hold the reset button for ten seconds" },
      grade: 3,
      mayChange: true,
    });
    const best = item?.candidates[0];
    expect(best?.text).toMatch(/hold the reset key for 10 seconds/);

    const result = await reanchorLabel(prisma, {
      setId: world.set.id,
      labelId,
      documentVersion: 2,
      start: best?.start ?? 0,
      end: best?.end ?? 0,
      actor: annotator,
    });
    expect(result.documentVersion).toBe(2);

    const label = await prisma.label.findUniqueOrThrow({ where: { id: labelId } });
    const document = await getCorpusDocument(prisma, {
      corpusId: world.set.corpusId,
      documentId: world.router.id,
    });
    expect(label).toMatchObject({ documentVersion: 2, grade: 3, annotatorId: annotator.id });
    expect(label.spanKey).toBe(`v2:${label.start}-${label.end}`);
    const anchor = resolveQuote({
      text: document.text,
      selector: {
        exact: label.exact ?? "",
        prefix: label.prefix ?? "",
        suffix: label.suffix ?? "",
        start: label.start ?? 0,
        end: label.end ?? 0,
      },
      sameVersion: label.documentVersion === document.version,
    });
    expect(anchor.state).toBe("exact");
    expect(await countRepairQueue(prisma, world.set.id)).toBe(0);

    const [event] = await prisma.labelEvent.findMany({ where: { labelId, action: "updated" } });
    expect(labelSnapshotSchema.parse(event?.before)).toMatchObject({
      documentVersion: 1,
      exact: "Hold the reset button for ten seconds",
    });
    expect(labelSnapshotSchema.parse(event?.after)).toMatchObject({ documentVersion: 2, exact: label.exact });
    expect(event?.actorId).toBe(annotator.id);
  });

  it("lists an ambiguous label, keeps another annotator's label out of reach, and drops with history", async () => {
    const world = await createLabelFixture(prisma, "ambiguous");
    const { annotator, otherAnnotator, engineer } = world.users;
    const { labelId } = await saveQuoteLabel(prisma, {
      ...world.quote("ten seconds"),
      grade: 2,
      actor: annotator,
    });
    // The text now appears twice, word for word: the quote and its context tie.
    await editRouter("ambiguous", `${fixtureText}\n\n${fixtureText}`);
    const [item] = await loadRepairQueue(prisma, { setId: world.set.id, viewer: otherAnnotator });
    expect(item?.state).toBe("ambiguous");
    expect(item?.mayChange).toBe(false);
    expect(item?.candidates.length).toBeGreaterThanOrEqual(2);

    const target = {
      setId: world.set.id,
      labelId,
      documentVersion: 2,
      start: item?.candidates[0]?.start ?? 0,
      end: item?.candidates[0]?.end ?? 0,
    };
    await expect(reanchorLabel(prisma, { ...target, actor: otherAnnotator })).rejects.toThrow(
      /another annotator's/,
    );
    await expect(reanchorLabel(prisma, { ...target, documentVersion: 1, actor: annotator })).rejects.toThrow(
      /changed again/,
    );
    await expect(
      reanchorLabel(prisma, { ...target, setId: world.otherSet.id, actor: annotator }),
    ).rejects.toThrow(/No such query in this set/);

    await deleteLabel(prisma, { setId: world.set.id, queryId: world.query.id, labelId, actor: engineer });
    expect(await countRepairQueue(prisma, world.set.id)).toBe(0);
    const deleted = await prisma.labelEvent.findFirst({ where: { labelId, action: "deleted" } });
    expect(labelSnapshotSchema.parse(deleted?.before).exact).toBe("ten seconds");
  });
});

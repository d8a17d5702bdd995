import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import { createLabelFixture } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { createTestDatabase, tableCounts } from "@/lib/db/testing/test-database";
import { AppError } from "@/lib/errors";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { labelSnapshot } from "@/lib/sets/label-history";

// Imported labels have a history from their first day (one `created` event each), and a file
// with two labels on the same (query, document, span, annotator) is refused before anything is written.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let file: GoldenSetFile;
let importer: { id: string; email: string; role: string };

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  const world = await createLabelFixture(prisma, "exchange");
  const { annotator, engineer } = world.users;
  importer = world.users.admin;
  await saveQuoteLabel(prisma, { ...world.quote("ten seconds"), grade: 3, actor: annotator });
  await saveQuoteLabel(prisma, { ...world.quote("ten seconds"), grade: 2, actor: engineer });
  await saveDocumentLabel(prisma, { ...world.quote("router"), grade: 1, actor: annotator });
  file = await buildGoldenSetFile(prisma, world.set.id);
});

afterAll(async () => {
  await database.dispose();
});

function renamed(name: string): GoldenSetFile {
  return { ...structuredClone(file), set: { ...file.set, name } };
}

describe("importGoldenSetFile", () => {
  it("records one `created` event per imported label, by the importing user", async () => {
    const imported = await importGoldenSetFile(prisma, {
      file: parseGoldenSetFile(serializeGoldenSetFile(renamed("imported"))),
      actor: importer,
    });
    expect(imported.labels).toBe(3);
    const labels = await prisma.label.findMany({ where: { query: { goldenSetId: imported.setId } } });
    const events = await prisma.labelEvent.findMany({ where: { goldenSetId: imported.setId } });
    expect(events).toHaveLength(3);
    for (const label of labels) {
      const [event, ...more] = events.filter((candidate) => candidate.labelId === label.id);
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        action: "created",
        actorId: importer.id,
        actorEmail: importer.email,
        queryId: label.queryId,
        before: null,
        after: labelSnapshot(label),
      });
    }
  });

  it("refuses two labels on the same (query, document, span, annotator), naming the JSON path, writing nothing", async () => {
    const duplicated = renamed("duplicated");
    const labels = duplicated.queries[0]!.labels;
    const annotatorsQuote = labels.findIndex(
      (label) => label.target.kind === "quote" && label.grade === 3, // the annotator's
    );
    labels.push({ ...structuredClone(labels[annotatorsQuote]!), grade: 1 });
    const text = JSON.stringify(duplicated, null, 2); // serializeGoldenSetFile would refuse it too

    const before = await tableCounts(prisma);
    let error: unknown;
    try {
      await importGoldenSetFile(prisma, { file: parseGoldenSetFile(text), actor: importer });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("bad_request");
    expect((error as AppError).message).toBe(
      `queries[0].labels[3]: duplicate label: same document, span and annotator as queries[0].labels[${annotatorsQuote}] (a label is unique per query, document, span and annotator; keep one)`,
    );
    expect((error as AppError).location?.path).toEqual(["queries", 0, "labels", 3]);

    // A file that skipped parsing (built in code) meets the unique index: still a clear 400.
    const unparsed = importGoldenSetFile(prisma, { file: duplicated, actor: importer });
    await expect(unparsed).rejects.toMatchObject({
      code: "bad_request",
      location: { path: ["queries", 0, "labels"] },
    });
    expect(await tableCounts(prisma)).toEqual(before);
  });
});

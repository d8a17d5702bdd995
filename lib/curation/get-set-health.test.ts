import { describe, expect, it } from "vitest";
import { getSetHealth } from "@/lib/curation/get-set-health";
import { sampleIntoSet } from "@/lib/curation/sample-into-set";
import { saveDocumentLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { addQueriesToSet, createGoldenSet, setQueryStatus } from "@/lib/db/golden-sets";
import { saveQueryLog } from "@/lib/db/query-logs";
import { setUpDemoDatabase } from "@/lib/demo/testing/demo-database-hooks";

let prisma: Db;
setUpDemoDatabase((client) => {
  prisma = client;
});

describe("getSetHealth", () => {
  it("counts statuses, queries without a relevant passage and per-annotator progress", async () => {
    const corpus = await prisma.corpus.findFirstOrThrow();
    const document = await prisma.document.findFirstOrThrow({ where: { corpusId: corpus.id } });
    const [ana, eli] = await Promise.all(
      ["annotator@goldenset.local", "engineer@goldenset.local"].map((email) =>
        prisma.user.findUniqueOrThrow({ where: { email } }),
      ),
    );
    const set = await createGoldenSet(prisma, { name: "Health", description: "", corpusId: corpus.id });
    await addQueriesToSet(prisma, {
      setId: set.id,
      queries: ["fan noise", "reset password", "E-4012 after update", "what is raid 5?", "tray"].map(
        (text) => ({
          text,
        }),
      ),
    });
    const queries = await prisma.query.findMany({
      where: { goldenSetId: set.id },
      orderBy: { position: "asc" },
    });
    const [relevant, irrelevant, noAnswer, skipped] = queries;
    if (!relevant || !irrelevant || !noAnswer || !skipped || !ana || !eli) throw new Error("setup");
    const label = (queryId: string, grade: number, annotator: { id: string; email: string; role: string }) =>
      saveDocumentLabel(prisma, {
        actor: annotator,
        setId: set.id,
        queryId,
        documentId: document.id,
        documentVersion: document.version,
        grade,
      });
    await label(relevant.id, 3, ana);
    await label(relevant.id, 2, eli);
    await label(irrelevant.id, 0, ana);
    await setQueryStatus(prisma, { queryId: relevant.id, status: "labeled" });
    await setQueryStatus(prisma, { queryId: irrelevant.id, status: "labeled" });
    await setQueryStatus(prisma, { queryId: noAnswer.id, status: "no_answer" });
    await setQueryStatus(prisma, { queryId: skipped.id, status: "skipped" });

    const health = await getSetHealth(prisma, set.id);
    expect(health.total).toBe(5);
    expect(health.labeled).toBe(2);
    expect(health.byStatus).toEqual({ unlabeled: 1, in_progress: 0, labeled: 2, skipped: 1, no_answer: 1 });
    expect(health.noRelevantPassage).toBe(2);
    expect(health.annotators).toEqual([
      { annotatorId: ana.id, name: ana.name, queries: 2, labels: 2 },
      { annotatorId: eli.id, name: eli.name, queries: 1, labels: 1 },
    ]);
    // Typed-in queries are classified here and compared with every log.
    expect(health.coverage.comparedWith).toEqual({ kind: "all-logs" });
    const classes = Object.fromEntries(health.coverage.rows.map((row) => [row.queryClass, row.setQueries]));
    expect(classes["error-code"]).toBe(1);
    expect(classes.question).toBe(1);
  });

  it("compares a sampled set with the log it came from and flags missing classes", async () => {
    const log = await prisma.queryLog.findFirstOrThrow();
    const corpus = await prisma.corpus.findFirstOrThrow();
    const head = await sampleIntoSet(prisma, {
      target: "new",
      newSetName: "Head 5",
      corpusId: corpus.id,
      queryLogId: log.id,
      strategy: "head",
      size: 5,
      seed: 1,
      minPerClass: 3,
      excludeNearDuplicates: true,
    });
    // Another log sharing one of the five queries is not where the set came from.
    const shared = await prisma.query.findFirstOrThrow({ where: { goldenSetId: head.setId } });
    await saveQueryLog(prisma, {
      name: "Other log",
      fileName: "other.txt",
      format: "text",
      entries: [
        { normalized: shared.source ?? "", display: shared.text, count: 3, firstLine: 1, variants: [] },
        {
          normalized: "something else entirely",
          display: "something else entirely",
          count: 1,
          firstLine: 4,
          variants: [],
        },
      ],
      summary: {
        lines: 4,
        imported: 4,
        unique: 2,
        skipped: { empty: 0, tooLong: 0, binary: 0, malformed: 0 },
        fallbackDecoded: 0,
        problems: [],
      },
      classify: () => [],
    });
    const health = await getSetHealth(prisma, head.setId);
    expect(health.coverage.comparedWith).toEqual({ kind: "logs", names: [log.name] });
    expect(health.labeled).toBe(0);
    expect(health.byStatus.unlabeled).toBe(5);
    expect(health.coverage.setTotal).toBe(5);
    // Five head queries cannot cover a log's mix of 420 queries.
    expect(health.coverage.underCovered).toBeGreaterThan(0);
    const missing = health.coverage.rows.filter(
      (row) => row.queryClass !== "unclassified" && row.setQueries === 0 && row.logShare > 0,
    );
    expect(missing.every((row) => row.underCovered)).toBe(true);
  });
});

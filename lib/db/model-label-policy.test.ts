import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { loadSetQrels } from "@/lib/db/judgment-exports";
import { loadSetQueryCounts } from "@/lib/db/set-query-counts";
import { addModelLabels, createPeopleLabeledSet } from "@/lib/db/testing/model-labels-fixture";
import { createTestDatabase } from "@/lib/db/testing/test-database";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { formatQrels } from "@/lib/exchange/trec-format";

// "Never silently mixed" (issue 23, point 5) on a real database: qrels, counts and the JSON export
// before and after a judge's labels arrive.

let database: ReturnType<typeof createTestDatabase>;
let ids: Awaited<ReturnType<typeof createPeopleLabeledSet>>;
let humanBefore = "";

beforeAll(async () => {
  database = createTestDatabase();
  ids = await createPeopleLabeledSet(database.prisma);
  humanBefore = formatQrels(await loadSetQrels(database.prisma, ids.set));
  await addModelLabels(database.prisma, ids);
});
afterAll(async () => {
  await database.dispose();
});

const qrelLines = async (judgments: "human" | "human+model" | "model") =>
  formatQrels(await loadSetQrels(database.prisma, ids.set, { judgments }));

describe("qrels and counts with a judge's labels", () => {
  it("human (the default) is byte-identical to the qrels before the judge labeled", async () => {
    expect(humanBefore).toBe("q1 0 d1 2\nq1 0 d2 0\n");
    expect(formatQrels(await loadSetQrels(database.prisma, ids.set))).toBe(humanBefore);
    expect(await qrelLines("human")).toBe(humanBefore);
  });

  it("human+model adds a judge's labels only where no person judged the passage", async () => {
    // d1: ana's 0–5 (2) hides the judge's 0 on 0–5; its 3 on 6–10 fills a hole; d2: ana's
    // document label hides the judge's; d3 and q2 nobody judged
    expect(await qrelLines("human+model")).toBe("q1 0 d1 3\nq1 0 d2 0\nq1 0 d3 2\nq2 0 d3 2\n");
  });

  it("model takes the judges' labels only", async () => {
    expect(await qrelLines("model")).toBe("q1 0 d1 3\nq1 0 d2 3\nq1 0 d3 2\nq2 0 d3 2\n");
  });

  it("queries with relevant labels follow the set's setting; a judge never makes a query labeled", async () => {
    const counts = async (modelJudgments: string) => {
      await database.prisma.goldenSet.update({ where: { id: ids.set }, data: { modelJudgments } });
      return loadSetQueryCounts(database.prisma, ids.set);
    };
    expect(await counts("ignore")).toMatchObject({ total: 2, withRelevantLabels: 1 });
    expect(await counts("fill_holes")).toMatchObject({ withRelevantLabels: 2 });
    expect(await counts("model_only")).toMatchObject({ withRelevantLabels: 2 });
    await database.prisma.query.update({ where: { id: ids.q2 }, data: { status: "unlabeled" } });
    expect(await counts("fill_holes")).toMatchObject({ labeled: 1, withRelevantLabels: 2 });
    await database.prisma.query.update({ where: { id: ids.q2 }, data: { status: "labeled" } });
    await counts("ignore");
  });
});

describe("the JSON export of a set with a judge's labels", () => {
  it("carries the model labels under model:<name>, the judge's settings without a key, and the setting", async () => {
    await database.prisma.goldenSet.update({
      where: { id: ids.set },
      data: { modelJudgments: "fill_holes" },
    });
    const file = await buildGoldenSetFile(database.prisma, ids.set);
    await database.prisma.goldenSet.update({ where: { id: ids.set }, data: { modelJudgments: "ignore" } });
    expect(file.set.modelJudgments).toBe("fill_holes");
    expect(file.judges).toEqual([
      {
        annotator: "model:umbrela",
        name: "umbrela",
        version: 1,
        baseUrl: "http://127.0.0.1:9/v1",
        model: "fake-judge",
        apiKeyVariable: "JUDGE_KEY",
        promptVersion: "umbrela-1",
        temperature: 0,
        maxTokens: 300,
      },
    ]);
    const annotators = file.queries.flatMap((query) => query.labels.map((label) => label.annotator));
    expect(annotators.filter((annotator) => annotator === "model:umbrela")).toHaveLength(5);
    // the file is valid and survives a round trip
    const text = serializeGoldenSetFile(file);
    expect(serializeGoldenSetFile(parseGoldenSetFile(text))).toBe(text);
  });

  it("imports model labels under their model annotator, creating a model user but no judge", async () => {
    const text = serializeGoldenSetFile(await buildGoldenSetFile(database.prisma, ids.set))
      .replaceAll('"model:umbrela"', '"model:other"')
      .replace('"name": "umbrela"', '"name": "other"');
    const file = parseGoldenSetFile(text);
    const judgesBefore = await database.prisma.judge.count();
    const eve = await database.prisma.user.create({
      data: { id: crypto.randomUUID(), email: "eve@example.com", name: "eve", role: "annotator" },
    });
    const imported = await importGoldenSetFile(database.prisma, {
      file,
      name: "policy set copy",
      importedBy: { id: eve.id, email: eve.email, mayAdjudicate: false },
    });
    expect(imported.credit?.message).toBe("2 labels credited to you; 5 model labels kept under their judge.");
    const user = await database.prisma.user.findUniqueOrThrow({ where: { email: "model:other" } });
    expect(user).toMatchObject({ role: "model", name: "model:other" });
    expect(await database.prisma.label.count({ where: { annotatorId: user.id } })).toBe(5);
    expect(await database.prisma.judge.count()).toBe(judgesBefore);
    // the copy's human qrels are the people's labels, as in the original
    expect(formatQrels(await loadSetQrels(database.prisma, imported.setId))).toBe(humanBefore);
  });
});

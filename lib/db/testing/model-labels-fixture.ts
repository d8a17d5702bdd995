import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { MODEL_ROLE, modelAnnotatorName } from "@/lib/judging/model-annotator";

// A small set with people's labels, then a judge's labels beside them (policy tests of issue 23).

export const MODEL_FIXTURE_TEXTS: Record<string, string> = {
  d1: "alpha beta gamma delta",
  d2: "epsilon zeta eta theta",
  d3: "iota kappa lambda mu",
};

/** The corpus, the set ("policy set", threshold 2), two queries and ana's labels. */
export async function createPeopleLabeledSet(
  prisma: Db,
  options: { corpusName?: string; setName?: string } = {},
) {
  const corpusName = options.corpusName ?? "policy corpus";
  async function* documents() {
    for (const [externalId, text] of Object.entries(MODEL_FIXTURE_TEXTS))
      yield { externalId, title: externalId, text, metadata: null };
  }
  await importDocuments(prisma, { corpusName, documents: documents() });
  const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: corpusName } });
  const docs = new Map(
    (await prisma.document.findMany({ where: { corpusId: corpus.id } })).map((doc) => [
      doc.externalId,
      doc.id,
    ]),
  );
  const set = await prisma.goldenSet.create({
    data: {
      name: options.setName ?? "policy set",
      corpusId: corpus.id,
      relevantThreshold: 2,
      gradeScale: [0, 1, 2, 3].map((grade) => ({ grade, name: `grade ${grade}` })),
    },
  });
  const [q1, q2] = await Promise.all(
    ["q1", "q2"].map((key, index) =>
      prisma.query.create({
        data: {
          goldenSetId: set.id,
          key,
          position: index + 1,
          text: `question ${key}`,
          status: "labeled",
          tags: [],
        },
      }),
    ),
  );
  const ana = await prisma.user.create({
    data: { id: crypto.randomUUID(), email: "ana@example.com", name: "ana", role: "annotator" },
  });
  const ids = { set: set.id, q1: q1?.id ?? "", q2: q2?.id ?? "", docs, ana: ana.id };
  await addLabel(prisma, {
    queryId: ids.q1,
    documentId: docs.get("d1") ?? "",
    annotatorId: ana.id,
    grade: 2,
    span: [0, 5],
  });
  await addLabel(prisma, {
    queryId: ids.q1,
    documentId: docs.get("d2") ?? "",
    annotatorId: ana.id,
    grade: 0,
  });
  return ids;
}

export async function addLabel(
  prisma: Db,
  options: {
    queryId: string;
    documentId: string;
    annotatorId: string;
    grade: number;
    span?: [number, number];
  },
) {
  const document = await prisma.document.findUniqueOrThrow({ where: { id: options.documentId } });
  const text = (
    await prisma.documentVersion.findUniqueOrThrow({
      where: { documentId_version: { documentId: document.id, version: document.version } },
    })
  ).text;
  const [start, end] = options.span ?? [null, null];
  return prisma.label.create({
    data: {
      queryId: options.queryId,
      documentId: document.id,
      documentVersion: document.version,
      kind: options.span ? "quote" : "document",
      exact: start === null ? null : text.slice(start, end ?? 0),
      prefix: start === null ? null : "",
      suffix: start === null ? null : "",
      start,
      end,
      spanKey: start === null ? "document" : `v${document.version}:${start}-${end}`,
      grade: options.grade,
      annotatorId: options.annotatorId,
    },
  });
}

/**
 * A judge "umbrela" (its model user, a Judge row, one ModelJudgment per label) and its labels:
 * q1 d1 0–5 grade 0 (over ana's passage), q1 d1 6–10 grade 3 (a passage nobody judged),
 * q1 d2 document grade 3 (ana judged d2), q1 d3 document grade 2, q2 d3 0–4 grade 2.
 */
export async function addModelLabels(prisma: Db, ids: Awaited<ReturnType<typeof createPeopleLabeledSet>>) {
  const name = modelAnnotatorName("umbrela");
  const user = await prisma.user.create({
    data: { id: crypto.randomUUID(), email: name, name, role: MODEL_ROLE },
  });
  const judge = await prisma.judge.create({
    data: {
      name: "umbrela",
      version: 1,
      annotatorId: user.id,
      settings: {
        name: "umbrela",
        baseUrl: "http://127.0.0.1:9/v1",
        model: "fake-judge",
        apiKeyVariable: "JUDGE_KEY",
        promptVersion: "umbrela-1",
        temperature: 0,
        maxTokens: 300,
        concurrency: 4,
        timeoutMs: 60000,
      },
    },
  });
  const doc = (id: string) => ids.docs.get(id) ?? "";
  const labels: [string, string, number, [number, number] | undefined][] = [
    [ids.q1, "d1", 0, [0, 5]],
    [ids.q1, "d1", 3, [6, 10]],
    [ids.q1, "d2", 3, undefined],
    [ids.q1, "d3", 2, undefined],
    [ids.q2, "d3", 2, [0, 4]],
  ];
  for (const [index, [queryId, document, grade, span]] of labels.entries()) {
    const label = await addLabel(prisma, {
      queryId,
      documentId: doc(document),
      annotatorId: user.id,
      grade,
      ...(span ? { span } : {}),
    });
    await prisma.modelJudgment.create({
      data: {
        judgeId: judge.id,
        goldenSetId: ids.set,
        queryId,
        documentId: doc(document),
        documentVersion: 1,
        start: span?.[0] ?? 0,
        end: span?.[1] ?? 20,
        wholeDocument: span === undefined,
        cacheKey: `key-${index}`,
        status: grade === 0 ? "not_needed" : "supported",
        grade,
        labelId: label.id,
      },
    });
  }
  return { judgeId: judge.id, modelUserId: user.id };
}

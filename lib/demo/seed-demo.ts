import { readFile } from "node:fs/promises";
import path from "node:path";
import { createUserWithPassword } from "@/lib/auth/create-user";
import { demoUserSchema } from "@/lib/auth/new-user-schema";
import { defaultRetrievalConfig, defaultRetrievers, type RetrievalConfig } from "@/lib/configs/config-schema";
import { saveDocumentLabel, saveQuoteLabel } from "@/lib/curation/save-label";
import { updatePoolSettings } from "@/lib/db/candidate-pools";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { saveQueryLog } from "@/lib/db/query-logs";
import { saveProgress } from "@/lib/db/queue";
import { pinBaselineRun } from "@/lib/db/run-curation";
import { countUsers } from "@/lib/db/users";
import { demoAccounts } from "@/lib/demo/demo-accounts";
import { demoSetSchema } from "@/lib/demo/demo-set-schema";
import { projectRoot } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { openFileStream } from "@/lib/exchange/read-lines";
import { classifierForEntries } from "@/lib/logs/classifier-for-entries";
import { normalizeQuery } from "@/lib/logs/normalize-query";
import { readLog } from "@/lib/logs/read-log";
import { createRun } from "@/lib/runs/create-run";
import { drainJobs } from "@/lib/worker/worker";

export const DEMO_CORPUS_NAME = "Larkspur help center";

/**
 * Loads the demo into an EMPTY database: one user per role, the help-center corpus, the raw
 * query log, the labeled golden set, and four evaluated runs (BM25 pinned as the set's baseline)
 * so the first page shows numbers.
 * Does nothing (returns false) when any user exists.
 */
export async function seedDemo(prisma: Db): Promise<boolean> {
  const demoDir = path.join(projectRoot(), "prisma", "demo");
  if ((await countUsers(prisma)) > 0) return false;
  const userIds = await createDemoUsers(prisma);
  const corpusId = await importDemoCorpus(prisma, demoDir);
  await importDemoQueryLog(prisma, demoDir);
  const { demoSet, setId } = await createDemoGoldenSet(prisma, demoDir, corpusId);
  await labelDemoQueries(prisma, { demoSet, setId, corpusId, userIds });
  await createDemoRuns(prisma, { setId, engineerId: userIds.get("engineer") ?? "" });
  return true;
}

type DemoSet = ReturnType<typeof demoSetSchema.parse>;
type DemoQuery = DemoSet["queries"][number];
type DemoLabel = DemoQuery["labels"][number];
type DemoActor = { id: string; email: string; role: string };
type DemoDocument = Awaited<ReturnType<typeof loadDemoDocuments>> extends Map<string, infer D> ? D : never;

async function createDemoUsers(prisma: Db): Promise<Map<string, string>> {
  const userIds = new Map<string, string>();
  // The demo's passwords are published, so they are on the common-password list: the seed holds
  // them to every rule but that one, and only for these accounts.
  for (const account of demoAccounts)
    userIds.set(account.role, await createUserWithPassword(prisma, demoUserSchema.parse(account)));
  return userIds;
}

async function importDemoCorpus(prisma: Db, demoDir: string): Promise<string> {
  const { corpusId } = await importDocuments(prisma, {
    corpusName: DEMO_CORPUS_NAME,
    documents: readCorpusJsonl(openFileStream(path.join(demoDir, "corpus.jsonl"))),
  });
  await prisma.corpus.update({
    where: { id: corpusId },
    data: {
      description: "Support articles, specs and release notes for Larkspur's Tern storage appliances (demo).",
    },
  });
  return corpusId;
}

async function importDemoQueryLog(prisma: Db, demoDir: string): Promise<void> {
  const { entries, summary } = await readLog(openFileStream(path.join(demoDir, "query-log.txt")), {
    format: "text",
  });
  await saveQueryLog(prisma, {
    name: "Help-center search, October",
    fileName: "query-log.txt",
    format: "text",
    entries,
    summary,
    classify: await classifierForEntries(entries),
  });
}

async function createDemoGoldenSet(
  prisma: Db,
  demoDir: string,
  corpusId: string,
): Promise<{ demoSet: DemoSet; setId: string }> {
  const demoSet = demoSetSchema.parse(
    JSON.parse(await readFile(path.join(demoDir, "golden-set.json"), "utf8")),
  );
  const set = await createGoldenSet(prisma, {
    name: demoSet.name,
    description: demoSet.description,
    corpusId,
  });
  const logQueries = new Map(
    (await prisma.logQuery.findMany({ select: { id: true, normalized: true } })).map((row) => [
      row.normalized,
      row,
    ]),
  );
  await addQueriesToSet(prisma, {
    setId: set.id,
    queries: demoSet.queries.map((query) => ({
      text: query.text,
      logQuery: logQueries.get(normalizeQuery(query.text)) ?? null,
    })),
  });
  return { demoSet, setId: set.id };
}

async function loadDemoDocuments(prisma: Db, corpusId: string) {
  return new Map(
    (await prisma.document.findMany({ where: { corpusId }, include: { versions: true } })).map((doc) => [
      doc.externalId,
      doc,
    ]),
  );
}

async function labelDemoQueries(
  prisma: Db,
  input: { demoSet: DemoSet; setId: string; corpusId: string; userIds: Map<string, string> },
): Promise<void> {
  const { demoSet, setId, corpusId, userIds } = input;
  const queries = new Map(
    (await prisma.query.findMany({ where: { goldenSetId: setId } })).map((query) => [query.text, query]),
  );
  const documents = await loadDemoDocuments(prisma, corpusId);
  const annotatorAccount = demoAccounts.find((account) => account.role === "annotator");
  const annotator = {
    id: userIds.get("annotator") ?? "",
    email: annotatorAccount?.email ?? "",
    role: "annotator",
  };
  for (const demoQuery of demoSet.queries) {
    const query = queries.get(demoQuery.text.trim());
    if (!query) throw new AppError("internal", `Demo query "${demoQuery.text}" was not added.`);
    await prisma.query.update({
      where: { id: query.id },
      data: { informationNeed: demoQuery.informationNeed, tags: demoQuery.tags },
    });
    for (const label of demoQuery.labels)
      await saveDemoLabel(prisma, { actor: annotator, setId, queryId: query.id, documents, label });
    await saveDemoProgress(prisma, { demoQuery, queryId: query.id, userId: annotator.id });
  }
}

async function saveDemoLabel(
  prisma: Db,
  input: {
    actor: DemoActor;
    setId: string;
    queryId: string;
    documents: Map<string, DemoDocument>;
    label: DemoLabel;
  },
): Promise<void> {
  const { actor, setId, queryId, documents, label } = input;
  const document = documents.get(label.document);
  const text = document?.versions.find((version) => version.version === document.version)?.text;
  if (!document || text === undefined)
    throw new AppError("internal", `Demo document ${label.document} missing.`);
  if (!label.exact) {
    await saveDocumentLabel(prisma, {
      actor,
      setId,
      queryId,
      documentId: document.id,
      documentVersion: document.version,
      grade: label.grade,
    });
    return;
  }
  const start = text.indexOf(label.exact);
  if (start < 0)
    throw new AppError("internal", `Demo quote not found in ${label.document}: "${label.exact}"`);
  await saveQuoteLabel(prisma, {
    actor,
    setId,
    queryId,
    documentId: document.id,
    documentVersion: document.version,
    start,
    end: start + label.exact.length,
    grade: label.grade,
  });
}

async function saveDemoProgress(
  prisma: Db,
  input: { demoQuery: DemoQuery; queryId: string; userId: string },
): Promise<void> {
  const { demoQuery, queryId, userId } = input;
  const status = demoQuery.status ?? (demoQuery.labels.length > 0 ? "labeled" : "unlabeled");
  // As if the annotator had pressed done (or skip) in the workspace: their progress and the
  // query's status agree, so the assignments page credits them with what the set page counts.
  await saveProgress(prisma, {
    queryId,
    userId,
    progress:
      status === "labeled" || status === "no_answer"
        ? { state: "done", reason: status === "no_answer" ? "No answer in the corpus" : "" }
        : status === "skipped"
          ? { state: "skipped", reason: "Demo: left for a colleague who knows the product." }
          : null,
    status,
  });
}

async function createDemoRuns(prisma: Db, input: { setId: string; engineerId: string }): Promise<void> {
  const { setId, engineerId } = input;
  // Runs that answer the first questions people ask: does chunk size matter, and do dense or
  // hybrid retrieval beat BM25 here (offline, with the built-in LSA baseline)?
  const demoRuns: { name: string; config: RetrievalConfig }[] = [
    { name: "BM25 baseline", config: defaultRetrievalConfig },
    {
      name: "BM25 small chunks",
      config: {
        ...defaultRetrievalConfig,
        chunking: { strategy: "fixed-characters", size: 200, overlap: 40 },
      },
    },
    { name: "Dense LSA", config: { ...defaultRetrievalConfig, retriever: defaultRetrievers.dense } },
    { name: "Hybrid RRF", config: { ...defaultRetrievalConfig, retriever: defaultRetrievers.hybrid } },
  ];
  const runIds: string[] = [];
  for (const run of demoRuns) {
    const { runId } = await createRun(prisma, {
      setId,
      configName: run.name,
      config: run.config,
      coverage: 1,
      userId: engineerId,
    });
    runIds.push(runId);
  }
  await drainJobs(prisma);
  // BM25 is what every other run is measured against: the set's pinned baseline.
  const [baselineRunId] = runIds;
  if (baselineRunId) await pinBaselineRun(prisma, { runId: baselineRunId });
  // Labeling candidates pool the dense and hybrid runs with BM25, so no one system's blind spots
  // decide what annotators see.
  await updatePoolSettings(prisma, { setId, depth: 10, runIds: runIds.slice(2) });
}

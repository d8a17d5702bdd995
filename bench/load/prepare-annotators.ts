import { addUser } from "@/lib/auth/add-user";
import { sampleIntoSet } from "@/lib/curation/sample-into-set";
import { createPrismaClient, type Db } from "@/lib/db/client";
import { DEMO_CORPUS_NAME } from "@/lib/demo/seed-demo";
import { sampleIntoSetFormSchema } from "@/lib/logs/sample-into-set-schema";
import { assignQueries } from "@/lib/queue/assign-queries";
import { type QuoteSpan, quoteSpans } from "./label-spans";

/** A simulated annotator's account (the password is the bench's own, never a published one). */
export type BenchAnnotator = { index: number; id: string; email: string; password: string };

/** A document of the demo corpus at its current version, with the quotes annotators may label. */
export type BenchDocument = { id: string; version: number; spans: QuoteSpan[] };

export type PreparedLoad = {
  setId: string;
  annotators: BenchAnnotator[];
  documents: BenchDocument[];
  /** Queries in the set after it was grown from the demo log, and the assignments made. */
  queries: number;
  assignments: number;
  /** Label rows before the run (the demo's own labels). */
  labelsBefore: number;
};

/** The bench's connection to its database (the app's own client for that URL). */
export function openBenchDatabase(url: string): Db {
  return createPrismaClient(url);
}

/**
 * On the freshly seeded demo, what an engineer would do for a team: grow the demo set with the
 * demo query log's other queries (the "Sample into a golden set" action, all of them: ~420
 * queries instead of 76), add `count` annotator accounts with addUser (what `goldenset add-user
 * --role annotator` calls, in one process rather than one CLI start each), and assign the set
 * among them as the assignments page does, every query to two of them (for agreement). Each
 * annotator's "next" then walks a queue of their own (~17 queries each for 50 annotators).
 */
export async function prepareAnnotators(prisma: Db, options: { count: number }): Promise<PreparedLoad> {
  const set = await prisma.goldenSet.findFirst({
    where: { corpus: { name: DEMO_CORPUS_NAME } },
    select: { id: true, corpusId: true },
  });
  const log = await prisma.queryLog.findFirst({ select: { id: true } });
  const engineer = await prisma.user.findFirst({ where: { role: "engineer" }, select: { id: true } });
  if (!set || !log || !engineer) throw new Error("The demo is missing: the seed did not load it.");
  await sampleIntoSet(prisma, {
    ...sampleIntoSetFormSchema.parse({ target: "existing", setId: set.id, size: 1000 }),
    queryLogId: log.id,
  });

  const annotators: BenchAnnotator[] = [];
  for (let index = 0; index < options.count; index++) {
    const email = `load-annotator-${index + 1}@bench.example`;
    const password = `bench load annotator ${index + 1} of ${options.count}`;
    const user = await addUser(prisma, {
      email,
      name: `Load annotator ${index + 1}`,
      role: "annotator",
      password,
    });
    annotators.push({ index, id: user.id, email, password });
  }
  const { queries, assignments } = await assignQueries(prisma, {
    setId: set.id,
    input: {
      annotatorIds: annotators.map((annotator) => annotator.id),
      overlapPercent: annotators.length > 1 ? 100 : 0,
    },
    actorId: engineer.id,
  });
  const assigned = await prisma.queryAssignment.groupBy({
    by: ["userId"],
    where: { userId: { in: annotators.map((annotator) => annotator.id) } },
  });
  if (assigned.length < annotators.length)
    throw new Error(
      `Only ${assigned.length} of ${annotators.length} annotators got a query of the demo set: use fewer annotators.`,
    );

  const rows = await prisma.document.findMany({
    where: { corpusId: set.corpusId },
    orderBy: { externalId: "asc" },
    select: { id: true, version: true, versions: { select: { version: true, text: true } } },
  });
  const documents = rows
    .map((row) => ({
      id: row.id,
      version: row.version,
      spans: quoteSpans(row.versions.find((version) => version.version === row.version)?.text ?? ""),
    }))
    .filter((document) => document.spans.length > 0);
  return {
    setId: set.id,
    annotators,
    documents,
    queries,
    assignments,
    labelsBefore: await prisma.label.count(),
  };
}

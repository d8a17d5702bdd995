import type { Db, DbOrTransaction, Prisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { contextBudgetCharsSchema } from "@/lib/exchange/golden-set-schema";
import {
  defaultGradeScale,
  type GradeScale,
  gradeScaleSchema,
  type QueryStatus,
  queryKey,
} from "@/lib/sets/set-schema";

export async function createGoldenSet(
  prisma: Db,
  options: { name: string; description: string; corpusId: string; gradeScale?: GradeScale },
) {
  const clash = await prisma.goldenSet.findUnique({ where: { name: options.name } });
  if (clash) throw new AppError("conflict", `A golden set named "${options.name}" already exists.`);
  return prisma.goldenSet.create({
    data: {
      name: options.name,
      description: options.description,
      corpusId: options.corpusId,
      gradeScale: options.gradeScale ?? defaultGradeScale,
    },
  });
}

export function listGoldenSets(prisma: Db) {
  return prisma.goldenSet.findMany({
    orderBy: { updatedAt: "desc" },
    include: { corpus: { select: { name: true } }, _count: { select: { queries: true, runs: true } } },
  });
}

export async function getGoldenSet(prisma: Db, id: string) {
  const set = await prisma.goldenSet.findUnique({ where: { id }, include: { corpus: true } });
  if (!set) throw new AppError("not_found", "No such golden set.");
  return { ...set, gradeScale: gradeScaleSchema.parse(set.gradeScale) };
}

export function listSetQueries(prisma: Db, setId: string) {
  return prisma.query.findMany({
    where: { goldenSetId: setId },
    orderBy: { position: "asc" },
    include: {
      _count: { select: { labels: true } },
      logQuery: { select: { frequency: true, classes: true } },
    },
  });
}

/**
 * Adds queries (text, optionally from a log query) at the end of the set. Texts already in the
 * set are skipped, not duplicated.
 */
export async function addQueriesToSet(
  prisma: Db,
  options: {
    setId: string;
    queries: {
      text: string;
      logQuery?: { id: string; normalized: string } | null;
      /** stored as Query.tags, e.g. ["sample:class:error-code"] */
      tags?: string[];
    }[];
  },
): Promise<{ added: number; skipped: number }> {
  return prisma.$transaction(async (tx) => {
    const existing = await tx.query.findMany({
      where: { goldenSetId: options.setId },
      select: { text: true, position: true },
    });
    const texts = new Set(existing.map((query) => query.text));
    let next = existing.reduce((max, query) => Math.max(max, query.position), 0) + 1;
    const data = [];
    for (const query of options.queries) {
      const text = query.text.trim();
      if (!text || texts.has(text)) continue;
      texts.add(text);
      data.push({
        goldenSetId: options.setId,
        key: queryKey(next),
        position: next,
        text,
        tags: query.tags ?? [],
        source: query.logQuery?.normalized ?? null,
        logQueryId: query.logQuery?.id ?? null,
      });
      next++;
    }
    if (data.length) await tx.query.createMany({ data });
    await tx.goldenSet.update({ where: { id: options.setId }, data: { updatedAt: new Date() } });
    return { added: data.length, skipped: options.queries.length - data.length };
  });
}

/**
 * Removes a query that has no labels. Deleting a query would cascade to its labels without a
 * trace in their history, so the check and the delete are one statement: a label saved meanwhile
 * keeps the query.
 */
export async function removeQuery(prisma: Db, options: { queryId: string }) {
  const removed = await prisma.query.deleteMany({ where: { id: options.queryId, labels: { none: {} } } });
  if (removed.count > 0) return;
  if (await prisma.query.findUnique({ where: { id: options.queryId }, select: { id: true } }))
    throw new AppError("conflict", "This query has labels; delete them before removing the query.");
  throw new AppError("not_found", "No such query in this set.");
}

export async function setQueryStatus(prisma: Db, options: { queryId: string; status: QueryStatus }) {
  const updated = await prisma.query.updateMany({
    where: { id: options.queryId },
    data: { status: options.status },
  });
  if (updated.count === 0) throw new AppError("not_found", "No such query.");
}

/** The query plus where it sits in its set: its 1-based `index` of `total`. */
export async function getQueryInSet(prisma: Db, options: { setId: string; queryId: string }) {
  const query = await prisma.query.findFirst({ where: { id: options.queryId, goldenSetId: options.setId } });
  if (!query) throw new AppError("not_found", "No such query in this set.");
  return { query, ...(await countQueryPosition(prisma, { setId: options.setId, position: query.position })) };
}

/**
 * Where the query at `position` sits in its set: its 1-based `index` of `total` — two counts on
 * the (goldenSetId, …) index, no transaction: a position shown, not a write.
 */
export async function countQueryPosition(prisma: Db, options: { setId: string; position: number }) {
  const [before, total] = await Promise.all([
    prisma.query.count({ where: { goldenSetId: options.setId, position: { lt: options.position } } }),
    prisma.query.count({ where: { goldenSetId: options.setId } }),
  ]);
  return { index: before + 1, total };
}

/** The first query still to label, for "start labeling". */
export function firstUnlabeledQuery(prisma: Db, setId: string) {
  return prisma.query.findFirst({
    where: { goldenSetId: setId, status: { in: ["unlabeled", "in_progress"] } },
    orderBy: { position: "asc" },
    select: { id: true },
  });
}

/** The id of the golden set named `name` (names are unique); not_found with the names there are. */
export async function findGoldenSetIdByName(prisma: DbOrTransaction, name: string): Promise<string> {
  const set = await prisma.goldenSet.findUnique({ where: { name }, select: { id: true } });
  if (set) return set.id;
  throw await noGoldenSetNamed(prisma, name);
}

/**
 * The golden set named `nameOrId`, or else whose id it is (commands that also take the id the web
 * app's URLs show); not_found with the names there are.
 */
export async function findGoldenSetByNameOrId(prisma: DbOrTransaction, nameOrId: string) {
  const set =
    (await prisma.goldenSet.findUnique({ where: { name: nameOrId } })) ??
    (await prisma.goldenSet.findUnique({ where: { id: nameOrId } }));
  if (set) return set;
  throw await noGoldenSetNamed(prisma, nameOrId);
}

async function noGoldenSetNamed(prisma: DbOrTransaction, name: string): Promise<AppError> {
  const names = (
    await prisma.goldenSet.findMany({ select: { name: true }, orderBy: { name: "asc" }, take: 20 })
  )
    .map((row) => `"${row.name}"`)
    .join(", ");
  return new AppError(
    "not_found",
    `no golden set named "${name}"${names ? ` (there are ${names})` : " (there are none)"}`,
  );
}

/** Sets the context budget (characters) the set's next runs score context recall, precision and IoU at. */
export async function updateContextBudget(
  prisma: Db,
  options: { setId: string; budgetChars: number },
): Promise<number> {
  const budgetChars = contextBudgetCharsSchema.parse(options.budgetChars);
  await updateSetSettings(prisma, options.setId, { contextBudgetChars: budgetChars });
  return budgetChars;
}

/** Writes settings of the set (values already validated); not_found when there is no such set. */
export async function updateSetSettings(
  prisma: Db,
  setId: string,
  settings: Pick<
    Prisma.GoldenSetUpdateManyMutationInput,
    "contextBudgetChars" | "judgmentPolicy" | "modelJudgments"
  >,
): Promise<void> {
  const updated = await prisma.goldenSet.updateMany({ where: { id: setId }, data: settings });
  if (updated.count === 0) throw new AppError("not_found", "No such golden set.");
}

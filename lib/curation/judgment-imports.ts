import { labelSpanKey } from "@/lib/anchor/label-span-key";
import type { Db, DbOrTransaction } from "@/lib/db/client";
import { findInBatches } from "@/lib/db/find-in-batches";
import { type LabelEventActor, recordLabelsCreated } from "@/lib/db/label-events";
import { AppError } from "@/lib/errors";
import { collectProblems, describeProblems, type ProblemList } from "@/lib/exchange/collect-problems";
import type { JudgmentFormat, ParsedJudgment } from "@/lib/exchange/parse-judgments";
import { defaultGradeScale, type GradeScale, gradeScaleSchema, queryKey } from "@/lib/sets/set-schema";

export type ImportJudgmentsOptions = {
  format: JudgmentFormat;
  /** the judgments file's name, kept as provenance and named in issues */
  fileName: string;
  judgments: ParsedJudgment[];
  /** trec and beir: query texts by query id (from queries.jsonl or a topics file) */
  queryTexts?: Map<string, string>;
  /** the set: by id, or by name — created over `corpusName` when no set has that name */
  setId?: string;
  setName?: string;
  corpusName?: string;
  /** the importing user: recorded on the JudgmentImport row and as the label events' actor */
  importedBy?: LabelEventActor;
  /** the files' own problems (parseJudgmentFiles): reported with the reference problems, in one list */
  problems?: ProblemList;
};

export type ImportJudgmentsResult = {
  setId: string;
  importId: string;
  createdSet: boolean;
  queries: number;
  newQueries: number;
  /** labels written */
  labels: number;
  /** judgments of the file that were already imported with the same grade (not written again) */
  unchanged: number;
};

/**
 * Imports document-level judgments into a golden set, all or nothing, in one transaction.
 * Each judgment becomes a document label (kind and spanKey "document") on the document's current
 * version with the file's grade, linked to a JudgmentImport row (format, file, importer, counts).
 * Imported labels have no annotator (annotatorId null): they are the source's assessors'
 * judgments, not the importing user's; the importer is on the JudgmentImport row and is the actor
 * of each label's `created` event. trec/beir: a query id is the set's query key (an existing query
 * with that key is reused, otherwise its text comes from `queryTexts`); quepid/csv: a query is its
 * text (an existing query with that text is reused, new ones get the next keys).
 * Refused with every problem found, nothing written: the files' own (`problems`: malformed lines,
 * duplicates) and, in the same pass, unknown documents, unknown queries, grades outside the set's
 * scale, a pair that already has an imported label with another grade — each with its line, sorted
 * by line, the first MAX_PROBLEMS_LISTED listed in the message and in the error's `problems`. The same pair with the same grade is counted `unchanged` and
 * not written again, so importing a file twice changes nothing. A set created here gets the default scale, widened to the file's highest grade.
 */
export async function importJudgments(
  prisma: Db,
  options: ImportJudgmentsOptions,
): Promise<ImportJudgmentsResult> {
  const problems = options.problems ?? collectProblems();
  if (options.judgments.length === 0 && problems.total === 0)
    throw new AppError("bad_request", `${options.fileName} holds no judgments: nothing imported.`);
  return prisma.$transaction(
    async (tx) => {
      const { set, created } = await findOrCreateSet(tx, options);
      const plan = await planImport(tx, { set, options, problems });
      if (problems.total > 0) {
        const summary = problems.summary();
        throw new AppError(
          "bad_request",
          describeProblems(summary, options.fileName),
          { line: summary.listed[0]?.line ?? 0 },
          summary,
        );
      }
      const judgmentImport = await tx.judgmentImport.create({
        data: {
          goldenSetId: set.id,
          format: options.format,
          fileName: options.fileName,
          importedById: options.importedBy?.id ?? null,
          queries: plan.existingIds.length + plan.newQueries.size,
          labels: plan.fresh.length,
        },
      });
      const queryIds = new Map([...plan.existingBy].map(([ref, query]) => [ref, query.id]));
      let nextPosition = plan.lastPosition;
      for (const [ref, query] of plan.newQueries) {
        const row = await tx.query.create({
          data: {
            goldenSetId: set.id,
            key: query.key,
            text: query.text,
            tags: [],
            status: "labeled",
            position: ++nextPosition,
          },
          select: { id: true },
        });
        queryIds.set(ref, row.id);
      }
      const rows = plan.fresh.map((judgment) => {
        const document = plan.documents.get(judgment.docId);
        return {
          queryId: queryIds.get(judgment.query) ?? "",
          documentId: document?.id ?? "",
          documentVersion: document?.version ?? 1,
          kind: "document",
          spanKey: labelSpanKey({ kind: "document" }),
          grade: judgment.grade,
          annotatorId: null,
          judgmentImportId: judgmentImport.id,
        };
      });
      for (let start = 0; start < rows.length; start += 500)
        await tx.label.createMany({ data: rows.slice(start, start + 500) });
      const labels = await tx.label.findMany({ where: { judgmentImportId: judgmentImport.id } });
      await recordLabelsCreated(tx, { labels, goldenSetId: set.id, actor: options.importedBy ?? null });
      await tx.goldenSet.update({ where: { id: set.id }, data: { updatedAt: new Date() } });
      return {
        setId: set.id,
        importId: judgmentImport.id,
        createdSet: created,
        queries: judgmentImport.queries,
        newQueries: plan.newQueries.size,
        labels: rows.length,
        unchanged: options.judgments.length - rows.length,
      };
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
}

/**
 * What an import would write, every reference problem added to `problems` on the way (unknown
 * documents and queries, grades off the scale, pairs imported before with another grade): the
 * queries it reuses and creates, and the judgments not imported before (`fresh`).
 */
async function planImport(
  tx: DbOrTransaction,
  input: {
    set: { id: string; corpusId: string; gradeScale: unknown };
    options: ImportJudgmentsOptions;
    problems: ProblemList;
  },
) {
  const { set, options, problems } = input;
  const report = (line: number, message: string) => problems.add({ line, message });
  const grades = new Set(gradeScaleSchema.parse(set.gradeScale).map((entry) => entry.grade));
  const documents = await findDocuments(tx, set.corpusId, options.judgments);
  const existing = await tx.query.findMany({
    where: { goldenSetId: set.id },
    select: { id: true, key: true, text: true, position: true },
  });
  const byText = options.format === "quepid" || options.format === "csv";
  const existingBy = new Map(existing.map((query) => [byText ? query.text : query.key, query]));
  const newQueries = new Map<string, { key: string; text: string }>();
  const lastPosition = Math.max(0, ...existing.map((query) => query.position));
  let position = lastPosition;
  const keys = new Set(existing.map((query) => query.key));
  for (const judgment of options.judgments) {
    if (!documents.has(judgment.docId))
      report(judgment.line, `unknown document "${judgment.docId}" (not in the set's corpus)`);
    if (!grades.has(judgment.grade))
      report(judgment.line, `grade ${judgment.grade} is not on the set's scale (${[...grades].join(", ")})`);
    if (existingBy.has(judgment.query) || newQueries.has(judgment.query)) continue;
    if (byText) {
      let key = queryKey(++position);
      while (keys.has(key)) key = queryKey(++position);
      keys.add(key);
      newQueries.set(judgment.query, { key, text: judgment.query });
    } else {
      const text = options.queryTexts?.get(judgment.query);
      if (text === undefined)
        report(judgment.line, `unknown query "${judgment.query}" (no text in the queries file)`);
      else newQueries.set(judgment.query, { key: judgment.query, text });
    }
  }
  const existingIds = [
    ...new Set(options.judgments.flatMap((judgment) => existingBy.get(judgment.query)?.id ?? [])),
  ];
  // a pair imported before: the same grade again is unchanged (re-running an import is a no-op),
  // another grade is refused — an import never overwrites a judgment
  const taken = await tx.label.findMany({
    where: { queryId: { in: existingIds }, spanKey: "document", annotatorId: null, adjudicated: false },
    select: { queryId: true, documentId: true, grade: true },
  });
  const takenGrades = new Map(
    taken.map((label) => [`${label.queryId}\u0000${label.documentId}`, label.grade]),
  );
  const fresh: ParsedJudgment[] = [];
  for (const judgment of options.judgments) {
    const query = existingBy.get(judgment.query);
    const document = documents.get(judgment.docId);
    const previous = query && document ? takenGrades.get(`${query.id}\u0000${document.id}`) : undefined;
    if (previous === undefined) fresh.push(judgment);
    else if (previous !== judgment.grade)
      report(
        judgment.line,
        `query "${judgment.query}" already has an imported judgment of "${judgment.docId}" with grade ${previous} (this file: ${judgment.grade})`,
      );
  }
  return { documents, existingBy, newQueries, lastPosition, existingIds, fresh };
}

async function findOrCreateSet(tx: DbOrTransaction, options: ImportJudgmentsOptions) {
  if (options.setId) {
    const set = await tx.goldenSet.findUnique({ where: { id: options.setId } });
    if (!set) throw new AppError("not_found", "No such golden set.");
    return { set, created: false };
  }
  const name = options.setName?.trim();
  if (!name) throw new AppError("bad_request", "Name the golden set to import into.");
  const set = await tx.goldenSet.findUnique({ where: { name } });
  if (set) return { set, created: false };
  if (!options.corpusName)
    throw new AppError("not_found", `No golden set named "${name}": name a corpus to create it over.`);
  const corpus = await tx.corpus.findUnique({ where: { name: options.corpusName } });
  if (!corpus)
    throw new AppError("not_found", `No corpus named "${options.corpusName}": import the corpus first.`);
  const created = await tx.goldenSet.create({
    data: {
      name,
      description: `Imported from ${options.fileName}`,
      corpusId: corpus.id,
      gradeScale: widenScale(Math.max(...options.judgments.map((judgment) => judgment.grade))),
    },
  });
  return { set: created, created: true };
}

/** The default scale, with "Grade N" entries up to `highest` (at most 10) when the file goes higher. */
function widenScale(highest: number): GradeScale {
  const scale = [...defaultGradeScale];
  for (let grade = scale.length; grade <= Math.min(highest, 10); grade++)
    scale.push({ grade, name: `Grade ${grade}` });
  return scale;
}

async function findDocuments(tx: DbOrTransaction, corpusId: string, judgments: ParsedJudgment[]) {
  const ids = [...new Set(judgments.map((judgment) => judgment.docId))];
  const rows = await findInBatches(ids, (batch) =>
    tx.document.findMany({
      where: { corpusId, externalId: { in: batch } },
      select: { id: true, externalId: true, version: true },
    }),
  );
  return new Map(rows.map((row) => [row.externalId, { id: row.id, version: row.version }]));
}

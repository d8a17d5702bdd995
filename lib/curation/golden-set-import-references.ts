import type { DbOrTransaction } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { collectProblems, describeProblems, type ProblemList } from "@/lib/exchange/collect-problems";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";

// What an imported golden set file refers to, checked against this database before anything is
// written (lib/curation/golden-set-import.ts): its corpus, its documents at their versions, its name.

/**
 * What the file refers to in this database — its corpus, its documents at their versions — and
 * that its set name is free. Every problem is collected before anything is refused: "conflict"
 * when the name is the only one, "bad_request" otherwise.
 */
export async function checkReferences(
  prisma: DbOrTransaction,
  options: { file: GoldenSetFile; corpusId: string | undefined; name: string },
) {
  const { file, name } = options;
  const problems = collectProblems();
  const corpus = options.corpusId
    ? await prisma.corpus.findUnique({ where: { id: options.corpusId } })
    : await prisma.corpus.findUnique({ where: { name: file.corpus.name } });
  if (!corpus)
    problems.add({
      path: ["corpus", "name"],
      message: `no corpus named "${file.corpus.name}": import the corpus first`,
    });
  if (await prisma.goldenSet.findUnique({ where: { name } }))
    problems.add({ path: ["set", "name"], message: `a golden set named "${name}" already exists` });
  const documentIds = corpus ? await resolveDocuments(prisma, { corpus, file, problems }) : new Map();
  const { listed, total } = problems.summary();
  const [first] = listed;
  if (corpus && first === undefined) return { corpus, documentIds };
  const onlyName = total === 1 && first?.path?.join(".") === "set.name";
  const message = describeProblems({ listed, total }, "");
  throw new AppError(
    onlyName ? "conflict" : "bad_request",
    message,
    { path: first?.path ?? [] },
    { listed, total },
  );
}

/** Document id in the file → its id here; each must be in `corpus` with the same text at its version. */
async function resolveDocuments(
  prisma: DbOrTransaction,
  options: { corpus: { id: string; name: string }; file: GoldenSetFile; problems: ProblemList },
): Promise<Map<string, string>> {
  const { corpus, problems } = options;
  const documentIds = new Map<string, string>();
  for (const [index, ref] of options.file.corpus.documents.entries()) {
    const document = await prisma.document.findUnique({
      where: { corpusId_externalId: { corpusId: corpus.id, externalId: ref.id } },
    });
    if (!document) {
      problems.add({
        path: ["corpus", "documents", index, "id"],
        message: `document "${ref.id}" is not in corpus "${corpus.name}"`,
      });
      continue;
    }
    const version = await prisma.documentVersion.findUnique({
      where: { documentId_version: { documentId: document.id, version: ref.version } },
    });
    if (!version || version.contentHash !== ref.contentHash) {
      problems.add({
        path: ["corpus", "documents", index, "contentHash"],
        message: `document "${ref.id}" version ${ref.version} has different text in this corpus (content hash mismatch)`,
      });
      continue;
    }
    documentIds.set(ref.id, document.id);
  }
  return documentIds;
}

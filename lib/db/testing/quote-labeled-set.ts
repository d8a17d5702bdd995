import { saveQuoteLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";

/**
 * A query of the set and its label: the query's text, the document (external id) a quote of it is
 * labeled in, the quote, and its grade (2 unless given). A text may come twice, labeling two quotes.
 * A query given by its text alone has no label.
 */
export type QuoteLabeledQuestion =
  | [text: string, document: string, quote: string, grade?: number]
  | [text: string];

/**
 * The small labeled world the run, sweep and job tests evaluate on: an engineer `userId`
 * (e@example.com), the corpus "tiny" of `texts` (by external id; titled by `title`, the external
 * id by default), the set `setName` with one query per distinct question text, and each question's
 * quote labeled by the engineer.
 */
export async function seedQuoteLabeledSet(
  prisma: Db,
  options: {
    userId: string;
    setName: string;
    texts: Record<string, string>;
    questions: QuoteLabeledQuestion[];
    title?: (externalId: string) => string;
  },
): Promise<{ setId: string; corpusId: string }> {
  const { userId, texts, title = (externalId) => externalId } = options;
  await prisma.user.create({
    data: { id: userId, name: "Engineer", email: "e@example.com", role: "engineer" },
  });
  await importDocuments(prisma, {
    corpusName: "tiny",
    documents: (async function* () {
      for (const [externalId, text] of Object.entries(texts))
        yield { externalId, title: title(externalId), text, metadata: null };
    })(),
  });
  const corpus = await prisma.corpus.findUniqueOrThrow({ where: { name: "tiny" } });
  const setId = (
    await createGoldenSet(prisma, { name: options.setName, description: "", corpusId: corpus.id })
  ).id;
  const queryTexts = [...new Set(options.questions.map(([text]) => text))];
  await addQueriesToSet(prisma, { setId, queries: queryTexts.map((text) => ({ text })) });
  for (const [text, externalId, quote, grade = 2] of options.questions) {
    if (externalId === undefined || quote === undefined) continue;
    const query = await prisma.query.findFirstOrThrow({ where: { goldenSetId: setId, text } });
    const document = await prisma.document.findFirstOrThrow({ where: { externalId } });
    const start = texts[externalId]?.indexOf(quote) ?? -1;
    if (start < 0) throw new Error(`"${quote}" is not in ${externalId}`);
    await saveQuoteLabel(prisma, {
      actor: { id: userId, email: "e@example.com", role: "engineer" },
      setId,
      queryId: query.id,
      documentId: document.id,
      documentVersion: document.version,
      start,
      end: start + quote.length,
      grade,
    });
  }
  return { setId, corpusId: corpus.id };
}

/** Three help-center articles several fixtures quote from (router reset, drive swap, printer offline). */
export const HELP_CENTER_TEXTS: Readonly<Record<string, string>> = {
  "kb-1":
    "Resetting the router. Hold the reset button for ten seconds until the power light blinks. The router restarts with factory settings and the default password printed on its label.",
  "kb-2":
    "Replacing a drive. Power the array down, pull the tray by its handle and slide the new drive in until it clicks. The rebuild starts on its own and takes about an hour per terabyte.",
  "kb-3":
    "Printer shows offline. Check that the printer and the computer are on the same network, then remove the printer and add it again from the settings page.",
};

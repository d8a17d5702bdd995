import { saveQuoteLabel } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";
import { createSeededRandom } from "@/lib/eval/statistics/seeded-random";

const vocabulary = (
  "account adapter alarm backup battery boot bridge buffer cable cache calendar camera card certificate " +
  "channel charger cluster console contract controller cookie cursor dashboard database device disk " +
  "display dock domain driver email encryption export fan filter firewall firmware folder gateway " +
  "graph heater index invoice keyboard label laptop license link login memory meter modem monitor " +
  "mount network node notebook package panel partition password patch pipeline port power printer " +
  "profile proxy queue quota radio record relay report router sample scanner schedule screen sensor " +
  "server session shelf signal socket speaker storage switch sync tablet template terminal thermostat " +
  "ticket token tray update upload valve vault video volume wallet webhook widget window wireless zone"
).split(" ");

/** The sentence of document `index` that its query asks about and its label quotes. */
const answerOf = (index: number) =>
  `Fault code ZX${index} means the ${vocabulary[index % vocabulary.length]} relay tripped.`;

/**
 * A labeled world big enough that a BM25 run takes a noticeable time: `documents` generated texts
 * of ~`wordsPerDocument` words, each with one answer sentence; a set whose first `queries`
 * documents each have a query and a quote label on that sentence.
 */
export async function createGeneratedLabeledSet(
  prisma: Db,
  options: { name: string; documents: number; wordsPerDocument: number; queries: number; userId: string },
): Promise<{ setId: string }> {
  const random = createSeededRandom(14);
  const texts: string[] = [];
  for (let index = 0; index < options.documents; index++) {
    const words = Array.from(
      { length: options.wordsPerDocument },
      () => vocabulary[Math.floor(random() * vocabulary.length)],
    );
    const middle = Math.floor(words.length / 2);
    texts.push(`${words.slice(0, middle).join(" ")}. ${answerOf(index)} ${words.slice(middle).join(" ")}.`);
  }
  const { corpusId } = await importDocuments(prisma, {
    corpusName: `corpus ${options.name}`,
    documents: (async function* () {
      for (const [index, text] of texts.entries())
        yield { externalId: `doc-${index}`, title: `Document ${index}`, text, metadata: null };
    })(),
  });
  const set = await createGoldenSet(prisma, { name: options.name, description: "", corpusId });
  const questions = Array.from(
    { length: options.queries },
    (_, index) => `what does fault code ZX${index} mean`,
  );
  await addQueriesToSet(prisma, { setId: set.id, queries: questions.map((text) => ({ text })) });
  const actor = { id: options.userId, email: `${options.userId}@example.com`, role: "engineer" as const };
  for (const [index, text] of questions.entries()) {
    const query = await prisma.query.findFirstOrThrow({ where: { goldenSetId: set.id, text } });
    const document = await prisma.document.findUniqueOrThrow({
      where: { corpusId_externalId: { corpusId, externalId: `doc-${index}` } },
    });
    const start = texts[index]!.indexOf(answerOf(index));
    await saveQuoteLabel(prisma, {
      actor,
      setId: set.id,
      queryId: query.id,
      documentId: document.id,
      documentVersion: document.version,
      start,
      end: start + answerOf(index).length,
      grade: 2,
    });
  }
  return { setId: set.id };
}

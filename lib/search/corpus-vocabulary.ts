import type { Db } from "@/lib/db/client";
import { loadCorpusDocuments } from "@/lib/db/current-documents";
import { buildCorpusVocabulary } from "@/lib/logs/build-corpus-vocabulary";
import type { ClassifierContextOptions } from "@/lib/logs/classify-query";
import { loadSpellingDictionary } from "@/lib/logs/load-spelling-dictionary";
import { corpusStamp } from "./corpus-index";

type CacheEntry = { key: string; built: Promise<ReadonlyMap<string, number>> };

const globalForVocabularies = globalThis as unknown as {
  goldensetCorpusVocabularies?: Map<string, CacheEntry>;
};
globalForVocabularies.goldensetCorpusVocabularies ??= new Map();
const cache = globalForVocabularies.goldensetCorpusVocabularies;

/**
 * The words of a corpus's current documents (titles and texts) with their document frequency
 * (buildCorpusVocabulary), for classifying a set's typed-in queries against the corpus they
 * are judged on. Cached per corpus like the candidate index: rebuilt when a document is added,
 * removed or edited; concurrent callers share one build.
 */
export async function corpusVocabulary(prisma: Db, corpusId: string): Promise<ReadonlyMap<string, number>> {
  const key = await corpusStamp(prisma, corpusId);
  const cached = cache.get(corpusId);
  if (cached?.key === key) return cached.built;
  const built = loadCorpusDocuments(prisma, corpusId).then((documents) =>
    buildCorpusVocabulary(documents.flatMap((document) => [document.title, document.text])),
  );
  cache.set(corpusId, { key, built });
  built.catch(() => {
    if (cache.get(corpusId)?.built === built) cache.delete(corpusId);
  });
  return built;
}

/**
 * What classifying a set's typed-in queries needs (classifySetQueries): the spelling dictionary
 * and the vocabulary of the corpus the set is judged on.
 */
export async function setClassifierOptions(prisma: Db, corpusId: string): Promise<ClassifierContextOptions> {
  const [dictionary, vocabulary] = await Promise.all([
    loadSpellingDictionary(),
    corpusVocabulary(prisma, corpusId),
  ]);
  return { dictionary, vocabulary };
}

import { randomUUID } from "node:crypto";
import type { LabelActor } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";

/**
 * What the queue and holes tests label in: an annotator, Ana, as the actor of her labels; the
 * corpus `corpusName` of `documents`; and the set `setName` with `queries` in this order.
 */
export async function seedAnnotatorSet(
  prisma: Db,
  options: {
    /** default "Manuals" */
    corpusName?: string;
    documents: { externalId: string; title: string; text: string }[];
    /** default "Manual questions" */
    setName?: string;
    queries: string[];
  },
) {
  const user = await prisma.user.create({
    data: { id: randomUUID(), name: "Ana", email: "ana@example.test", role: "annotator" },
  });
  const actor: LabelActor = { id: user.id, email: user.email, role: "annotator" };
  const { corpusId } = await importDocuments(prisma, {
    corpusName: options.corpusName ?? "Manuals",
    documents: (async function* () {
      for (const document of options.documents) yield { ...document, metadata: null };
    })(),
  });
  const setId = (
    await createGoldenSet(prisma, { name: options.setName ?? "Manual questions", description: "", corpusId })
  ).id;
  await addQueriesToSet(prisma, { setId, queries: options.queries.map((text) => ({ text })) });
  const queryIds = (
    await prisma.query.findMany({ where: { goldenSetId: setId }, orderBy: { position: "asc" } })
  ).map((row) => row.id);
  return { actor, corpusId, setId, queryIds };
}

/** One manual per topic (external id = the topic, title "<topic> manual"), its text from `text`. */
export function manualDocuments(topics: readonly string[], text: (topic: string) => string) {
  return topics.map((topic) => ({ externalId: topic, title: `${topic} manual`, text: text(topic) }));
}

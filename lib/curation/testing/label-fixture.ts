import type { Role } from "@/lib/auth/roles";
import type { LabelActor } from "@/lib/curation/save-label";
import type { Db } from "@/lib/db/client";
import { importDocuments } from "@/lib/db/corpora";
import { addQueriesToSet, createGoldenSet } from "@/lib/db/golden-sets";

export const fixtureText =
  "Resetting the router. Hold the reset button for ten seconds until the power light blinks. The router restarts with factory settings.";

/**
 * A small labeled world on a test database: one corpus with two documents, a set with two queries,
 * a second set, and users of every role (two annotators). Names are unique per call, so several
 * fixtures can share a database.
 */
export async function createLabelFixture(prisma: Db, name: string) {
  async function* documents() {
    yield { externalId: "router", title: "Resetting the router", text: fixtureText, metadata: null };
    yield {
      externalId: "drive",
      title: "Replacing a drive",
      text: "Pull the tray by its handle.",
      metadata: null,
    };
  }
  const { corpusId } = await importDocuments(prisma, {
    corpusName: `corpus ${name}`,
    documents: documents(),
  });
  const [router, drive] = await Promise.all(
    ["router", "drive"].map((externalId) =>
      prisma.document.findUniqueOrThrow({ where: { corpusId_externalId: { corpusId, externalId } } }),
    ),
  );
  const set = await createGoldenSet(prisma, { name: `set ${name}`, description: "", corpusId });
  const otherSet = await createGoldenSet(prisma, { name: `other ${name}`, description: "", corpusId });
  await addQueriesToSet(prisma, {
    setId: set.id,
    queries: [{ text: "reset router" }, { text: "replace drive" }],
  });
  await addQueriesToSet(prisma, { setId: otherSet.id, queries: [{ text: "reset router" }] });
  const [query, otherQuery] = await prisma.query.findMany({
    where: { goldenSetId: set.id },
    orderBy: { position: "asc" },
  });
  const foreignQuery = await prisma.query.findFirst({ where: { goldenSetId: otherSet.id } });
  if (!router || !drive || !query || !otherQuery || !foreignQuery) throw new Error("fixture setup");

  async function user(role: Role, nick: string): Promise<LabelActor> {
    const email = `${nick}-${name}@example.test`.replaceAll(" ", "-");
    const created = await prisma.user.create({
      data: { id: crypto.randomUUID(), name: `${nick} ${name}`, email, role },
    });
    return { id: created.id, email, role };
  }
  const users = {
    annotator: await user("annotator", "ana"),
    otherAnnotator: await user("annotator", "bo"),
    engineer: await user("engineer", "eli"),
    admin: await user("admin", "ada"),
  };

  /** Where a quote of the fixture text is, as save options. */
  function quote(phrase: string) {
    const start = fixtureText.indexOf(phrase);
    if (start < 0) throw new Error(`"${phrase}" is not in the fixture text`);
    return {
      setId: set.id,
      queryId: query!.id,
      documentId: router!.id,
      documentVersion: router!.version,
      start,
      end: start + phrase.length,
    };
  }

  return { set, otherSet, query, otherQuery, foreignQuery, router, drive, users, quote };
}

import type { Db, DbOrTransaction, Prisma } from "@/lib/db/client";
import {
  type LabelEventAction,
  type LabelSnapshot,
  labelSnapshot,
  readLabelSnapshot,
} from "@/lib/sets/label-history";

/** Who did it: the signed-in user, or null for the command line (no user). */
export type LabelEventActor = { id: string; email: string } | null;

export type NewLabelEvent = {
  labelId: string;
  queryId: string;
  goldenSetId: string;
  action: LabelEventAction;
  actor: LabelEventActor;
  before: LabelSnapshot | null;
  after: LabelSnapshot | null;
};

function eventData(event: NewLabelEvent): Prisma.LabelEventCreateManyInput {
  return {
    labelId: event.labelId,
    queryId: event.queryId,
    goldenSetId: event.goldenSetId,
    action: event.action,
    actorId: event.actor?.id ?? null,
    actorEmail: event.actor?.email ?? "",
    // An absent snapshot is left out: the Json? column stays NULL (Prisma refuses a plain null).
    before: event.before ?? undefined,
    after: event.after ?? undefined,
  };
}

/** Appends to the history; call it in the transaction that makes the change. */
export async function recordLabelEvents(prisma: DbOrTransaction, events: NewLabelEvent[]): Promise<void> {
  if (events.length === 0) return;
  await prisma.labelEvent.createMany({ data: events.map(eventData) });
}

/** A bulk import's history: one `created` event per label, all of one set and one actor. */
export function recordLabelsCreated(
  prisma: DbOrTransaction,
  options: {
    labels: (Parameters<typeof labelSnapshot>[0] & { id: string; queryId: string })[];
    goldenSetId: string;
    actor: LabelEventActor;
  },
): Promise<void> {
  return recordLabelEvents(
    prisma,
    options.labels.map((label) => ({
      labelId: label.id,
      queryId: label.queryId,
      goldenSetId: options.goldenSetId,
      action: "created",
      actor: options.actor,
      before: null,
      after: labelSnapshot(label),
    })),
  );
}

export function findLabelEvent(prisma: DbOrTransaction, eventId: string) {
  return prisma.labelEvent.findUnique({ where: { id: eventId } });
}

/** The newest event of a label (ties in time broken by id, which grows within a process). */
export function findLatestLabelEvent(prisma: DbOrTransaction, labelId: string) {
  return prisma.labelEvent.findFirst({
    where: { labelId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}

export type LabelHistoryRow = {
  id: string;
  createdAt: Date;
  action: string;
  actorEmail: string;
  /** The actor's current name, when the user still exists. */
  actorName: string | null;
  labelId: string;
  query: { id: string; key: string; text: string } | null;
  document: { id: string; externalId: string; title: string } | null;
  before: LabelSnapshot | null;
  after: LabelSnapshot | null;
  /** The name of the label's annotator (its owner), when known. */
  annotatorName: string | null;
  /** The import the label came from (a judgment file or a golden-set file), when it came from one. */
  importedFrom: LabelImportSource | null;
  /** A deletion that is the label's latest event, while no label has its id: it can be restored. */
  restorable: boolean;
};

/** Where an imported label came from: the file, its format, when and by whom it was imported. */
type LabelImportSource = {
  fileName: string;
  format: string;
  importedAt: Date;
  /** The importer's name (their email when they have none); null from the command line or once removed. */
  importedBy: string | null;
};

/** One page of a set's label history, newest first, with what a reader needs to recognize each label. */
export async function listSetLabelEvents(
  prisma: Db,
  options: { setId: string; page: number; pageSize: number },
): Promise<{ total: number; rows: LabelHistoryRow[] }> {
  const where = { goldenSetId: options.setId };
  const [total, events] = await Promise.all([
    prisma.labelEvent.count({ where }),
    prisma.labelEvent.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (options.page - 1) * options.pageSize,
      take: options.pageSize,
      include: { actor: { select: { name: true } } },
    }),
  ]);
  const parsed = events.map((event) => ({
    event,
    before: readLabelSnapshot(event.before),
    after: readLabelSnapshot(event.after),
  }));
  const queryIds = [...new Set(events.map((event) => event.queryId))];
  const documentIds = [
    ...new Set(parsed.flatMap(({ before, after }) => [before?.documentId, after?.documentId])),
  ].filter((id): id is string => id !== undefined);
  const deletedLabelIds = [
    ...new Set(events.filter((event) => event.action === "deleted").map((event) => event.labelId)),
  ];
  const annotatorIds = [
    ...new Set(parsed.map(({ before, after }) => after?.annotatorId ?? before?.annotatorId)),
  ].filter((id): id is string => typeof id === "string");
  const [queries, documents, annotators, latest, existing, imports] = await Promise.all([
    prisma.query.findMany({ where: { id: { in: queryIds } }, select: { id: true, key: true, text: true } }),
    prisma.document.findMany({
      where: { id: { in: documentIds } },
      select: { id: true, externalId: true, title: true },
    }),
    prisma.user.findMany({ where: { id: { in: annotatorIds } }, select: { id: true, name: true } }),
    latestEventIds(prisma, deletedLabelIds),
    prisma.label.findMany({ where: { id: { in: deletedLabelIds } }, select: { id: true } }),
    findLabelImports(prisma, parsed),
  ]);
  const queriesById = new Map(queries.map((query) => [query.id, query]));
  const documentsById = new Map(documents.map((document) => [document.id, document]));
  const existingIds = new Set(existing.map((label) => label.id));
  const annotatorNames = new Map(annotators.map((user) => [user.id, user.name]));
  return {
    total,
    rows: parsed.map(({ event, before, after }) => {
      const documentId = after?.documentId ?? before?.documentId;
      const annotatorId = after?.annotatorId ?? before?.annotatorId;
      return {
        id: event.id,
        createdAt: event.createdAt,
        action: event.action,
        actorEmail: event.actorEmail,
        actorName: event.actor?.name ?? null,
        labelId: event.labelId,
        query: queriesById.get(event.queryId) ?? null,
        document: documentId ? (documentsById.get(documentId) ?? null) : null,
        before,
        after,
        annotatorName: annotatorId ? (annotatorNames.get(annotatorId) ?? null) : null,
        importedFrom: imports.get(event.labelId) ?? null,
        restorable:
          event.action === "deleted" &&
          latest.get(event.labelId) === event.id &&
          !existingIds.has(event.labelId),
      };
    }),
  };
}

/**
 * The import each event's label came from, by label id: named in the event's snapshot, or — for
 * events written before snapshots named it — on the label as it is now.
 */
async function findLabelImports(
  prisma: Db,
  events: { event: { labelId: string }; before: LabelSnapshot | null; after: LabelSnapshot | null }[],
): Promise<Map<string, LabelImportSource>> {
  const importIdByLabel = new Map<string, string>();
  for (const { event, before, after } of events) {
    const importId = after?.judgmentImportId ?? before?.judgmentImportId;
    if (importId) importIdByLabel.set(event.labelId, importId);
  }
  const unnamed = [...new Set(events.map(({ event }) => event.labelId))].filter(
    (id) => !importIdByLabel.has(id),
  );
  const labels = await prisma.label.findMany({
    where: { id: { in: unnamed }, judgmentImportId: { not: null } },
    select: { id: true, judgmentImportId: true },
  });
  for (const label of labels)
    if (label.judgmentImportId) importIdByLabel.set(label.id, label.judgmentImportId);
  if (importIdByLabel.size === 0) return new Map();
  const imports = await prisma.judgmentImport.findMany({
    where: { id: { in: [...new Set(importIdByLabel.values())] } },
  });
  const importerIds = imports.flatMap((row) => (row.importedById ? [row.importedById] : []));
  const importers = await prisma.user.findMany({
    where: { id: { in: importerIds } },
    select: { id: true, name: true, email: true },
  });
  const importerNames = new Map(importers.map((user) => [user.id, user.name || user.email]));
  const sources = new Map(
    imports.map((row) => [
      row.id,
      {
        fileName: row.fileName,
        format: row.format,
        importedAt: row.createdAt,
        importedBy: row.importedById ? (importerNames.get(row.importedById) ?? null) : null,
      },
    ]),
  );
  const byLabel = new Map<string, LabelImportSource>();
  for (const [labelId, importId] of importIdByLabel) {
    const source = sources.get(importId);
    if (source) byLabel.set(labelId, source);
  }
  return byLabel;
}

/** The id of each label's newest event. */
async function latestEventIds(prisma: Db, labelIds: string[]): Promise<Map<string, string>> {
  if (labelIds.length === 0) return new Map();
  const events = await prisma.labelEvent.findMany({
    where: { labelId: { in: labelIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, labelId: true },
  });
  // Ascending, so the last write per label wins.
  return new Map(events.map((event) => [event.labelId, event.id]));
}

/**
 * The labels, among `labelIds`, a person made by accepting an LLM judge's suggestion: label id →
 * the judge (`model:<name>`), from the events that recorded it (workspace "ask the judge").
 */
export async function findAcceptedSuggestions(prisma: Db, labelIds: string[]): Promise<Map<string, string>> {
  if (labelIds.length === 0) return new Map();
  const events = await prisma.labelEvent.findMany({
    where: { labelId: { in: labelIds }, action: { in: ["created", "updated"] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { labelId: true, after: true },
  });
  const accepted = new Map<string, string>();
  for (const event of events) {
    const judge = readLabelSnapshot(event.after)?.suggestedBy?.judge;
    if (judge && !accepted.has(event.labelId)) accepted.set(event.labelId, judge);
  }
  return accepted;
}

-- AlterTable
ALTER TABLE "Job" ADD COLUMN "leaseExpiresAt" DATETIME;
ALTER TABLE "Job" ADD COLUMN "leaseOwner" TEXT;

-- CreateTable
CREATE TABLE "LabelEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "labelId" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL DEFAULT '',
    "before" JSONB,
    "after" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "LabelEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStartedAt" DATETIME NOT NULL,
    "lockedUntil" DATETIME,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "actorId" TEXT,
    "detail" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Label" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "queryId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "documentVersion" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'quote',
    "exact" TEXT,
    "prefix" TEXT,
    "suffix" TEXT,
    "start" INTEGER,
    "end" INTEGER,
    "grade" INTEGER NOT NULL,
    "spanKey" TEXT NOT NULL,
    "annotatorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Label_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
-- Labels become unique per (query, document, span, annotator). Older duplicates are kept in the
-- history as "merged" events (their full content in "before"), and only the newest stays a label.
INSERT INTO "LabelEvent" ("id", "labelId", "queryId", "goldenSetId", "action", "actorId", "actorEmail", "before", "after", "createdAt")
SELECT 'merged-' || l."id", l."id", l."queryId", q."goldenSetId", 'merged', NULL, '',
  json_object('documentId', l."documentId", 'documentVersion', l."documentVersion", 'kind', l."kind",
    'exact', l."exact", 'prefix', l."prefix", 'suffix', l."suffix", 'start', l."start", 'end', l."end",
    'grade', l."grade", 'annotatorId', l."annotatorId", 'createdAt', l."createdAt", 'updatedAt', l."updatedAt"),
  NULL, CURRENT_TIMESTAMP
FROM "Label" l JOIN "Query" q ON q."id" = l."queryId"
WHERE l."annotatorId" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "Label" l2
    WHERE l2."queryId" = l."queryId" AND l2."documentId" = l."documentId" AND l2."annotatorId" = l."annotatorId"
      AND (CASE WHEN l2."kind" = 'document' THEN 'document' ELSE 'v' || l2."documentVersion" || ':' || l2."start" || '-' || l2."end" END) = (CASE WHEN l."kind" = 'document' THEN 'document' ELSE 'v' || l."documentVersion" || ':' || l."start" || '-' || l."end" END)
      AND (l2."updatedAt" > l."updatedAt" OR (l2."updatedAt" = l."updatedAt" AND l2."id" > l."id"))
);
INSERT INTO "new_Label" ("annotatorId", "createdAt", "documentId", "documentVersion", "end", "exact", "grade", "id", "kind", "prefix", "queryId", "start", "suffix", "updatedAt", "spanKey")
SELECT l."annotatorId", l."createdAt", l."documentId", l."documentVersion", l."end", l."exact", l."grade", l."id", l."kind", l."prefix", l."queryId", l."start", l."suffix", l."updatedAt", CASE WHEN l."kind" = 'document' THEN 'document' ELSE 'v' || l."documentVersion" || ':' || l."start" || '-' || l."end" END
FROM "Label" l
WHERE NOT (l."annotatorId" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "Label" l2
    WHERE l2."queryId" = l."queryId" AND l2."documentId" = l."documentId" AND l2."annotatorId" = l."annotatorId"
      AND (CASE WHEN l2."kind" = 'document' THEN 'document' ELSE 'v' || l2."documentVersion" || ':' || l2."start" || '-' || l2."end" END) = (CASE WHEN l."kind" = 'document' THEN 'document' ELSE 'v' || l."documentVersion" || ':' || l."start" || '-' || l."end" END)
      AND (l2."updatedAt" > l."updatedAt" OR (l2."updatedAt" = l."updatedAt" AND l2."id" > l."id"))
));
DROP TABLE "Label";
ALTER TABLE "new_Label" RENAME TO "Label";
CREATE INDEX "Label_queryId_idx" ON "Label"("queryId");
CREATE INDEX "Label_documentId_idx" ON "Label"("documentId");
CREATE INDEX "Label_annotatorId_idx" ON "Label"("annotatorId");
CREATE UNIQUE INDEX "Label_queryId_documentId_spanKey_annotatorId_key" ON "Label"("queryId", "documentId", "spanKey", "annotatorId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "LabelEvent_labelId_createdAt_idx" ON "LabelEvent"("labelId", "createdAt");

-- CreateIndex
CREATE INDEX "LabelEvent_goldenSetId_createdAt_idx" ON "LabelEvent"("goldenSetId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_kind_createdAt_idx" ON "AuditEvent"("kind", "createdAt");

-- CreateIndex
CREATE INDEX "Job_status_leaseExpiresAt_idx" ON "Job"("status", "leaseExpiresAt");

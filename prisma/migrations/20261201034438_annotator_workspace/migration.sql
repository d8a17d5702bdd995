-- CreateTable
CREATE TABLE "QueryAssignment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "queryId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "assignedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "QueryAssignment_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "QueryAssignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "QueryProgress" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "queryId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "QueryProgress_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "QueryProgress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_GoldenSet" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "corpusId" TEXT NOT NULL,
    "gradeScale" JSONB NOT NULL,
    "relevantThreshold" INTEGER NOT NULL DEFAULT 1,
    "baselineRunId" TEXT,
    "judgmentPolicy" TEXT NOT NULL DEFAULT 'any',
    "poolDepth" INTEGER NOT NULL DEFAULT 10,
    "poolRunIds" JSONB NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GoldenSet_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "GoldenSet_baselineRunId_fkey" FOREIGN KEY ("baselineRunId") REFERENCES "Run" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_GoldenSet" ("baselineRunId", "corpusId", "createdAt", "description", "gradeScale", "id", "name", "relevantThreshold", "updatedAt") SELECT "baselineRunId", "corpusId", "createdAt", "description", "gradeScale", "id", "name", "relevantThreshold", "updatedAt" FROM "GoldenSet";
DROP TABLE "GoldenSet";
ALTER TABLE "new_GoldenSet" RENAME TO "GoldenSet";
CREATE UNIQUE INDEX "GoldenSet_name_key" ON "GoldenSet"("name");
CREATE UNIQUE INDEX "GoldenSet_baselineRunId_key" ON "GoldenSet"("baselineRunId");
CREATE TABLE "new_Query" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "goldenSetId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "informationNeed" TEXT NOT NULL DEFAULT '',
    "tags" JSONB NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'unlabeled',
    "source" TEXT,
    "logQueryId" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "lockedById" TEXT,
    "lockedUntil" DATETIME,
    CONSTRAINT "Query_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Query_logQueryId_fkey" FOREIGN KEY ("logQueryId") REFERENCES "LogQuery" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Query_lockedById_fkey" FOREIGN KEY ("lockedById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Query" ("createdAt", "goldenSetId", "id", "informationNeed", "key", "logQueryId", "notes", "position", "source", "status", "tags", "text", "updatedAt") SELECT "createdAt", "goldenSetId", "id", "informationNeed", "key", "logQueryId", "notes", "position", "source", "status", "tags", "text", "updatedAt" FROM "Query";
DROP TABLE "Query";
ALTER TABLE "new_Query" RENAME TO "Query";
CREATE INDEX "Query_goldenSetId_status_idx" ON "Query"("goldenSetId", "status");
CREATE UNIQUE INDEX "Query_goldenSetId_key_key" ON "Query"("goldenSetId", "key");
CREATE UNIQUE INDEX "Query_goldenSetId_text_key" ON "Query"("goldenSetId", "text");
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
    "adjudicated" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Label_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Label" ("annotatorId", "createdAt", "documentId", "documentVersion", "end", "exact", "grade", "id", "kind", "prefix", "queryId", "spanKey", "start", "suffix", "updatedAt") SELECT "annotatorId", "createdAt", "documentId", "documentVersion", "end", "exact", "grade", "id", "kind", "prefix", "queryId", "spanKey", "start", "suffix", "updatedAt" FROM "Label";
DROP TABLE "Label";
ALTER TABLE "new_Label" RENAME TO "Label";
CREATE INDEX "Label_queryId_idx" ON "Label"("queryId");
CREATE INDEX "Label_documentId_idx" ON "Label"("documentId");
CREATE INDEX "Label_annotatorId_idx" ON "Label"("annotatorId");
CREATE UNIQUE INDEX "Label_queryId_documentId_spanKey_annotatorId_adjudicated_key" ON "Label"("queryId", "documentId", "spanKey", "annotatorId", "adjudicated");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "QueryAssignment_userId_idx" ON "QueryAssignment"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "QueryAssignment_queryId_userId_key" ON "QueryAssignment"("queryId", "userId");

-- CreateIndex
CREATE INDEX "QueryProgress_userId_idx" ON "QueryProgress"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "QueryProgress_queryId_userId_key" ON "QueryProgress"("queryId", "userId");

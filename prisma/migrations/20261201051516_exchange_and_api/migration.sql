-- AlterTable
ALTER TABLE "user" ADD COLUMN "deactivatedAt" DATETIME;

-- CreateTable
CREATE TABLE "JudgmentImport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "goldenSetId" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "importedById" TEXT,
    "queries" INTEGER NOT NULL DEFAULT 0,
    "labels" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgmentImport_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "judgmentImportId" TEXT,
    "adjudicated" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Label_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Label_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Label_judgmentImportId_fkey" FOREIGN KEY ("judgmentImportId") REFERENCES "JudgmentImport" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Label" ("adjudicated", "annotatorId", "createdAt", "documentId", "documentVersion", "end", "exact", "grade", "id", "kind", "prefix", "queryId", "spanKey", "start", "suffix", "updatedAt") SELECT "adjudicated", "annotatorId", "createdAt", "documentId", "documentVersion", "end", "exact", "grade", "id", "kind", "prefix", "queryId", "spanKey", "start", "suffix", "updatedAt" FROM "Label";
DROP TABLE "Label";
ALTER TABLE "new_Label" RENAME TO "Label";
CREATE INDEX "Label_queryId_idx" ON "Label"("queryId");
CREATE INDEX "Label_documentId_idx" ON "Label"("documentId");
CREATE INDEX "Label_annotatorId_idx" ON "Label"("annotatorId");
CREATE UNIQUE INDEX "Label_queryId_documentId_spanKey_annotatorId_adjudicated_key" ON "Label"("queryId", "documentId", "spanKey", "annotatorId", "adjudicated");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "JudgmentImport_goldenSetId_idx" ON "JudgmentImport"("goldenSetId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_hash_key" ON "ApiToken"("hash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

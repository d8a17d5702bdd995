-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_QueryLog" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "fileName" TEXT NOT NULL DEFAULT '',
    "format" TEXT NOT NULL DEFAULT 'text',
    "lineCount" INTEGER NOT NULL DEFAULT 0,
    "importedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "fallbackDecoded" INTEGER NOT NULL DEFAULT 0,
    "malformedCount" INTEGER NOT NULL DEFAULT 0,
    "contentHash" TEXT NOT NULL DEFAULT '',
    "options" JSONB,
    "problems" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_QueryLog" ("createdAt", "fallbackDecoded", "fileName", "format", "id", "importedCount", "lineCount", "name", "skippedCount") SELECT "createdAt", "fallbackDecoded", "fileName", "format", "id", "importedCount", "lineCount", "name", "skippedCount" FROM "QueryLog";
DROP TABLE "QueryLog";
ALTER TABLE "new_QueryLog" RENAME TO "QueryLog";
CREATE INDEX "QueryLog_contentHash_idx" ON "QueryLog"("contentHash");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

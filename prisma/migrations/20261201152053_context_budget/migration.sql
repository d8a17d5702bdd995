-- (the query_splits migration before this one added splitHoldoutShare and splitSeed: the rebuilt table keeps them)
-- AlterTable
ALTER TABLE "Run" ADD COLUMN "contextBudgetChars" INTEGER;

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
    "splitHoldoutShare" REAL,
    "splitSeed" INTEGER,
    "contextBudgetChars" INTEGER NOT NULL DEFAULT 2000,
    CONSTRAINT "GoldenSet_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "GoldenSet_baselineRunId_fkey" FOREIGN KEY ("baselineRunId") REFERENCES "Run" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_GoldenSet" ("baselineRunId", "corpusId", "createdAt", "description", "gradeScale", "id", "judgmentPolicy", "name", "poolDepth", "poolRunIds", "relevantThreshold", "splitHoldoutShare", "splitSeed", "updatedAt") SELECT "baselineRunId", "corpusId", "createdAt", "description", "gradeScale", "id", "judgmentPolicy", "name", "poolDepth", "poolRunIds", "relevantThreshold", "splitHoldoutShare", "splitSeed", "updatedAt" FROM "GoldenSet";
DROP TABLE "GoldenSet";
ALTER TABLE "new_GoldenSet" RENAME TO "GoldenSet";
CREATE UNIQUE INDEX "GoldenSet_name_key" ON "GoldenSet"("name");
CREATE UNIQUE INDEX "GoldenSet_baselineRunId_key" ON "GoldenSet"("baselineRunId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

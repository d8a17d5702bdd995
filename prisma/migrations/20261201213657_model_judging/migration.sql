-- AlterTable
ALTER TABLE "Job" ADD COLUMN "cancelRequestedAt" DATETIME;

-- CreateTable
CREATE TABLE "Judge" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "settings" JSONB NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "archivedAt" DATETIME,
    CONSTRAINT "Judge_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "user" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Judge_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ModelJudgment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "judgeId" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "documentVersion" INTEGER NOT NULL,
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "wholeDocument" BOOLEAN NOT NULL DEFAULT false,
    "cacheKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "grade" INTEGER,
    "quote" TEXT NOT NULL DEFAULT '',
    "reason" TEXT NOT NULL DEFAULT '',
    "match" TEXT,
    "raw" TEXT NOT NULL DEFAULT '',
    "error" TEXT,
    "labelId" TEXT,
    "origin" TEXT NOT NULL DEFAULT 'pool',
    "jobId" TEXT,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ModelJudgment_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ModelJudgment_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ModelJudgment_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CalibrationSample" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "goldenSetId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,
    "judgmentIds" JSONB NOT NULL,
    "strata" JSONB NOT NULL,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CalibrationSample_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "CalibrationSample_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
    "modelJudgments" TEXT NOT NULL DEFAULT 'ignore',
    "poolDepth" INTEGER NOT NULL DEFAULT 10,
    "poolRunIds" JSONB NOT NULL DEFAULT '[]',
    "splitSeed" INTEGER,
    "splitHoldoutShare" REAL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "contextBudgetChars" INTEGER NOT NULL DEFAULT 2000,
    CONSTRAINT "GoldenSet_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "GoldenSet_baselineRunId_fkey" FOREIGN KEY ("baselineRunId") REFERENCES "Run" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_GoldenSet" ("baselineRunId", "contextBudgetChars", "corpusId", "createdAt", "description", "gradeScale", "id", "judgmentPolicy", "name", "poolDepth", "poolRunIds", "relevantThreshold", "splitHoldoutShare", "splitSeed", "updatedAt") SELECT "baselineRunId", "contextBudgetChars", "corpusId", "createdAt", "description", "gradeScale", "id", "judgmentPolicy", "name", "poolDepth", "poolRunIds", "relevantThreshold", "splitHoldoutShare", "splitSeed", "updatedAt" FROM "GoldenSet";
DROP TABLE "GoldenSet";
ALTER TABLE "new_GoldenSet" RENAME TO "GoldenSet";
CREATE UNIQUE INDEX "GoldenSet_name_key" ON "GoldenSet"("name");
CREATE UNIQUE INDEX "GoldenSet_baselineRunId_key" ON "GoldenSet"("baselineRunId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Judge_name_version_key" ON "Judge"("name", "version");

-- CreateIndex
CREATE INDEX "ModelJudgment_judgeId_cacheKey_idx" ON "ModelJudgment"("judgeId", "cacheKey");

-- CreateIndex
CREATE INDEX "ModelJudgment_goldenSetId_judgeId_idx" ON "ModelJudgment"("goldenSetId", "judgeId");

-- CreateIndex
CREATE INDEX "ModelJudgment_queryId_idx" ON "ModelJudgment"("queryId");

-- CreateIndex
CREATE INDEX "ModelJudgment_jobId_idx" ON "ModelJudgment"("jobId");

-- CreateIndex
CREATE UNIQUE INDEX "ModelJudgment_judgeId_queryId_cacheKey_key" ON "ModelJudgment"("judgeId", "queryId", "cacheKey");

-- CreateIndex
CREATE INDEX "CalibrationSample_goldenSetId_judgeId_idx" ON "CalibrationSample"("goldenSetId", "judgeId");

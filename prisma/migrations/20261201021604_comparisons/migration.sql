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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GoldenSet_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "GoldenSet_baselineRunId_fkey" FOREIGN KEY ("baselineRunId") REFERENCES "Run" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_GoldenSet" ("corpusId", "createdAt", "description", "gradeScale", "id", "name", "relevantThreshold", "updatedAt") SELECT "corpusId", "createdAt", "description", "gradeScale", "id", "name", "relevantThreshold", "updatedAt" FROM "GoldenSet";
DROP TABLE "GoldenSet";
ALTER TABLE "new_GoldenSet" RENAME TO "GoldenSet";
CREATE UNIQUE INDEX "GoldenSet_name_key" ON "GoldenSet"("name");
CREATE UNIQUE INDEX "GoldenSet_baselineRunId_key" ON "GoldenSet"("baselineRunId");
CREATE TABLE "new_Run" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "goldenSetId" TEXT NOT NULL,
    "goldenSetVersionId" TEXT NOT NULL,
    "configId" TEXT NOT NULL,
    "jobId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "coverage" REAL NOT NULL DEFAULT 1,
    "mode" TEXT NOT NULL DEFAULT 'label',
    "metrics" JSONB,
    "resolution" JSONB,
    "error" TEXT,
    "durationMs" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    "sweepId" TEXT,
    "sweepPoint" JSONB,
    "tags" JSONB NOT NULL DEFAULT '[]',
    "archivedAt" DATETIME,
    CONSTRAINT "Run_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_goldenSetVersionId_fkey" FOREIGN KEY ("goldenSetVersionId") REFERENCES "GoldenSetVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_configId_fkey" FOREIGN KEY ("configId") REFERENCES "RetrievalConfig" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Run_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Run_sweepId_fkey" FOREIGN KEY ("sweepId") REFERENCES "Sweep" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Run" ("configId", "coverage", "createdAt", "durationMs", "error", "finishedAt", "goldenSetId", "goldenSetVersionId", "id", "jobId", "metrics", "mode", "resolution", "status", "sweepId", "sweepPoint") SELECT "configId", "coverage", "createdAt", "durationMs", "error", "finishedAt", "goldenSetId", "goldenSetVersionId", "id", "jobId", "metrics", "mode", "resolution", "status", "sweepId", "sweepPoint" FROM "Run";
DROP TABLE "Run";
ALTER TABLE "new_Run" RENAME TO "Run";
CREATE UNIQUE INDEX "Run_jobId_key" ON "Run"("jobId");
CREATE INDEX "Run_goldenSetId_createdAt_idx" ON "Run"("goldenSetId", "createdAt");
CREATE INDEX "Run_sweepId_idx" ON "Run"("sweepId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

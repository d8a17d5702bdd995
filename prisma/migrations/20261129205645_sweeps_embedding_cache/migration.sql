-- CreateTable
CREATE TABLE "Sweep" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "baseConfig" JSONB NOT NULL,
    "axes" JSONB NOT NULL,
    "jobId" TEXT,
    "createdById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Sweep_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Sweep_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Sweep_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EmbeddingCacheEntry" (
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "textHash" TEXT NOT NULL,
    "vector" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("provider", "model", "textHash")
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    CONSTRAINT "Run_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_goldenSetVersionId_fkey" FOREIGN KEY ("goldenSetVersionId") REFERENCES "GoldenSetVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Run_configId_fkey" FOREIGN KEY ("configId") REFERENCES "RetrievalConfig" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Run_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Run_sweepId_fkey" FOREIGN KEY ("sweepId") REFERENCES "Sweep" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Run" ("configId", "coverage", "createdAt", "durationMs", "error", "finishedAt", "goldenSetId", "goldenSetVersionId", "id", "jobId", "metrics", "mode", "resolution", "status") SELECT "configId", "coverage", "createdAt", "durationMs", "error", "finishedAt", "goldenSetId", "goldenSetVersionId", "id", "jobId", "metrics", "mode", "resolution", "status" FROM "Run";
DROP TABLE "Run";
ALTER TABLE "new_Run" RENAME TO "Run";
CREATE UNIQUE INDEX "Run_jobId_key" ON "Run"("jobId");
CREATE INDEX "Run_goldenSetId_createdAt_idx" ON "Run"("goldenSetId", "createdAt");
CREATE INDEX "Run_sweepId_idx" ON "Run"("sweepId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Sweep_jobId_key" ON "Sweep"("jobId");

-- CreateIndex
CREATE INDEX "Sweep_goldenSetId_createdAt_idx" ON "Sweep"("goldenSetId", "createdAt");

-- AlterTable
ALTER TABLE "GoldenSet" ADD COLUMN     "modelJudgments" TEXT NOT NULL DEFAULT 'ignore';

-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "cancelRequestedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Judge" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "settings" JSON NOT NULL,
    "annotatorId" TEXT NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "archivedAt" TIMESTAMP(3),

    CONSTRAINT "Judge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ModelJudgment" (
    "id" TEXT NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ModelJudgment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CalibrationSample" (
    "id" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,
    "judgmentIds" JSON NOT NULL,
    "strata" JSON NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CalibrationSample_pkey" PRIMARY KEY ("id")
);

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

-- AddForeignKey
ALTER TABLE "Judge" ADD CONSTRAINT "Judge_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "user"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Judge" ADD CONSTRAINT "Judge_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelJudgment" ADD CONSTRAINT "ModelJudgment_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelJudgment" ADD CONSTRAINT "ModelJudgment_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ModelJudgment" ADD CONSTRAINT "ModelJudgment_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationSample" ADD CONSTRAINT "CalibrationSample_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CalibrationSample" ADD CONSTRAINT "CalibrationSample_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

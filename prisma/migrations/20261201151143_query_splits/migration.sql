-- AlterTable
ALTER TABLE "GoldenSet" ADD COLUMN "splitHoldoutShare" REAL;
ALTER TABLE "GoldenSet" ADD COLUMN "splitSeed" INTEGER;

-- AlterTable
ALTER TABLE "Query" ADD COLUMN "split" TEXT;

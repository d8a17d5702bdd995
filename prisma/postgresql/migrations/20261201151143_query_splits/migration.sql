-- AlterTable
ALTER TABLE "GoldenSet" ADD COLUMN     "splitHoldoutShare" DOUBLE PRECISION,
ADD COLUMN     "splitSeed" INTEGER;

-- AlterTable
ALTER TABLE "Query" ADD COLUMN     "split" TEXT;

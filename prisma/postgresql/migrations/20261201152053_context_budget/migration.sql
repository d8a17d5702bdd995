-- AlterTable
ALTER TABLE "GoldenSet" ADD COLUMN     "contextBudgetChars" INTEGER NOT NULL DEFAULT 2000;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "contextBudgetChars" INTEGER;

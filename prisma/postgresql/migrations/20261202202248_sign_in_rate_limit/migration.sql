-- CreateTable
CREATE TABLE "SignInRateLimit" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "SignInRateLimit_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "SignInRateLimit_expire_idx" ON "SignInRateLimit"("expire");

-- Locks in force carry over (one point over the limit until the lock ends); counters of open
-- windows start afresh. A lock that has ended is swept by the next sign-in attempt.
INSERT INTO "SignInRateLimit" ("key", "points", "expire")
SELECT "key", "failures" + 1, "lockedUntil" FROM "SignInThrottle" WHERE "lockedUntil" IS NOT NULL;

-- DropTable
DROP TABLE "SignInThrottle";

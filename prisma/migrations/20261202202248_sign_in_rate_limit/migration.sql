-- CreateTable
CREATE TABLE "SignInRateLimit" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);

-- CreateIndex
CREATE INDEX "SignInRateLimit_expire_idx" ON "SignInRateLimit"("expire");

-- Locks in force carry over (one point over the limit until the lock ends); counters of open
-- windows start afresh. A lock that has ended is swept by the next sign-in attempt.
INSERT INTO "SignInRateLimit" ("key", "points", "expire")
SELECT "key", "failures" + 1, "lockedUntil" FROM "SignInThrottle" WHERE "lockedUntil" IS NOT NULL;

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "SignInThrottle";
PRAGMA foreign_keys=on;

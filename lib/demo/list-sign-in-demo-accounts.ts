import { verifyPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db/client";
import { findSignInAccount } from "@/lib/db/users";
import { demoAccounts } from "@/lib/demo/demo-accounts";

export type SignInDemoAccount = Pick<(typeof demoAccounts)[number], "role" | "email" | "password">;

/**
 * Verdicts of "does this stored hash match the published password", by hash. A stored hash carries
 * its own random salt, so the same hash string always gets the same answer: the sign-in page
 * (public, loaded often) pays the ~30 ms argon2 check once per password, not once per visit.
 */
const verdictsByHash = new Map<string, boolean>();
const MAX_VERDICTS = 100;

async function matchesPublishedPassword(hash: string, password: string): Promise<boolean> {
  const key = `${hash}\u0000${password}`;
  const known = verdictsByHash.get(key);
  if (known !== undefined) return known;
  const verdict = await verifyPassword({ hash, password });
  if (verdictsByHash.size >= MAX_VERDICTS) verdictsByHash.clear();
  verdictsByHash.set(key, verdict);
  return verdict;
}

/**
 * The demo accounts the sign-in page offers with their passwords: those that exist, are active and
 * still sign in with the published password. One whose password an admin reset is left out, so the
 * page never shows (or fills in) a password that no longer works.
 */
export async function listSignInDemoAccounts(prisma: Db): Promise<SignInDemoAccount[]> {
  const checked = await Promise.all(
    demoAccounts.map(async (account) => {
      const stored = await findSignInAccount(prisma, account.email);
      const hash = stored?.accounts[0]?.password;
      if (!stored || stored.deactivatedAt || !hash) return null;
      return (await matchesPublishedPassword(hash, account.password)) ? account : null;
    }),
  );
  return checked.flatMap((account) =>
    account ? [{ role: account.role, email: account.email, password: account.password }] : [],
  );
}

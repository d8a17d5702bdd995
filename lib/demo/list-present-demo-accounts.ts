import type { Db } from "@/lib/db/client";
import { findPasswordUsersByEmail } from "@/lib/db/users";
import { demoAccounts } from "@/lib/demo/demo-accounts";

export type PresentDemoAccount = (typeof demoAccounts)[number] & { userId: string };

/**
 * The demo accounts that still exist in this database and can sign in with their published
 * password (start-up prints them, every page warns about them, an admin removes them). A user that
 * only shares a demo email — an annotator an imported set named, without a password — is not one.
 */
export async function listPresentDemoAccounts(prisma: Db): Promise<PresentDemoAccount[]> {
  const users = await findPasswordUsersByEmail(
    prisma,
    demoAccounts.map((account) => account.email),
  );
  const idsByEmail = new Map(users.map((user) => [user.email, user.id]));
  return demoAccounts.flatMap((account) => {
    const userId = idsByEmail.get(account.email);
    return userId ? [{ ...account, userId }] : [];
  });
}

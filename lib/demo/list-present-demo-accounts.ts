import type { Db } from "@/lib/db/client";
import { findUsersByEmail } from "@/lib/db/users";
import { demoAccounts } from "@/lib/demo/demo-accounts";

/** The demo accounts that still exist in this database (start-up prints them, sign-in lists them). */
export async function listPresentDemoAccounts(prisma: Db): Promise<typeof demoAccounts> {
  const users = await findUsersByEmail(
    prisma,
    demoAccounts.map((account) => account.email),
  );
  const present = new Set(users.map((user) => user.email));
  return demoAccounts.filter((account) => present.has(account.email));
}

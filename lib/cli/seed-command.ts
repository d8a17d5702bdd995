import { type Command, helpOption } from "@/lib/cli/command-options";
import { db } from "@/lib/db/client";
import { countUsers } from "@/lib/db/users";
import { listPresentDemoAccounts } from "@/lib/demo/list-present-demo-accounts";
import { seedDemo } from "@/lib/demo/seed-demo";
import { demoEnabled } from "@/lib/env";

/** What seed prints on a database without users (GOLDENSET_DEMO=0 on a new server). */
const firstAdminHint =
  'No users yet. Create the first admin: bin/goldenset add-user --role admin --email you@example.com --name "Your Name" --password "<12+ characters, not a common one>"';

/** `goldenset seed`: the demo into an empty database, then the demo accounts present. */
export const seedCommand = {
  options: helpOption,
  run: async () => {
    if (!demoEnabled()) process.stdout.write("GOLDENSET_DEMO=0: the demo is not loaded.\n");
    else if (await seedDemo(db())) process.stdout.write("Demo loaded into the empty database.\n");
    else process.stdout.write("Database not empty; demo not loaded.\n");
    if ((await countUsers(db())) === 0) process.stdout.write(`${firstAdminHint}\n`);
    const accounts = await listPresentDemoAccounts(db());
    if (accounts.length) {
      process.stdout.write("Demo accounts (sign in with any):\n");
      for (const account of accounts) {
        process.stdout.write(
          `  ${account.role.padEnd(10)} ${account.email.padEnd(28)} ${account.password}\n`,
        );
      }
      process.stdout.write(
        "Their passwords are public: remove them (Users page, as your own admin) before sharing this server.\n",
      );
    }
    return 0;
  },
} satisfies Command;

import type { Role } from "@/lib/auth/roles";

/**
 * The demo's users, one per role. The passwords are public on purpose (printed at start-up and
 * shown on the sign-in page); change them, or create real accounts, before sharing a server.
 */
export const demoAccounts: { role: Role; name: string; email: string; password: string }[] = [
  { role: "admin", name: "Ada Admin", email: "admin@goldenset.local", password: "goldenset-admin" },
  {
    role: "engineer",
    name: "Eli Engineer",
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  },
  {
    role: "annotator",
    name: "Ana Annotator",
    email: "annotator@goldenset.local",
    password: "goldenset-annotator",
  },
];

import { z } from "zod";
import { passwordProblem } from "@/lib/auth/password-policy";
import { roleSchema } from "@/lib/auth/role-schema";

// The rules for an account that people sign in with, shared by `goldenset add-user` and the admin
// users page. Every message starts with the field it is about, so one line says what to fix.

const userFields = {
  name: z.string().trim().min(1, "name: required").max(200, "name: at most 200 characters"),
  // stored lowercased: better-auth looks the email up in lowercase at sign-in
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email("email: not a valid email address").max(320, "email: at most 320 characters")),
  role: z.enum(roleSchema.options, `role: must be one of ${roleSchema.options.join(", ")}`),
};

/** The password policy (lib/auth/password-policy.ts) as a zod check on the `password` field. */
function checkPassword(published: boolean) {
  return (user: { email: string; password: string }, context: z.RefinementCtx) => {
    const problem = passwordProblem({ password: user.password, email: user.email, published });
    if (problem) context.addIssue({ code: "custom", message: problem, path: ["password"] });
  };
}

/** A new account: name, email, role and a password the policy accepts. */
export const newUserSchema = z
  .object({ ...userFields, password: z.string() })
  .superRefine(checkPassword(false));

export type NewUserInput = z.input<typeof newUserSchema>;

/**
 * The demo's own accounts (lib/demo/demo-accounts.ts): their passwords are published on purpose,
 * so they are on the common list; only the seed creates them, held to every other rule.
 */
export const demoUserSchema = z
  .object({ ...userFields, password: z.string() })
  .superRefine(checkPassword(true));

import { z } from "zod";
import { isCommonPassword } from "@/lib/auth/common-passwords";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { roleSchema } from "@/lib/auth/roles";

// The rules for an account that people sign in with, shared by `goldenset add-user` and the admin
// users page. Every message starts with the field it is about, so one line says what to fix.

/** The length rule alone: all the demo's published passwords are held to (see demoUserSchema). */
const passwordLengthSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `password: at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `password: at most ${MAX_PASSWORD_LENGTH} characters`);

/** At least 12 characters and not on the list of common (or published) passwords, in any case. */
export const passwordSchema = passwordLengthSchema.refine(
  (password) => !isCommonPassword(password),
  "password: too common (it is on the list of common and published passwords); choose another",
);

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

function passwordIsNotTheEmail(user: { email: string; password: string }): boolean {
  const password = user.password.trim().toLowerCase();
  return password !== user.email && password !== user.email.split("@")[0];
}

const notTheEmail = {
  message: "password: must not be the email address or its name part",
  path: ["password"],
};

/** A new account: name, email, role and a password that passes both password rules. */
export const newUserSchema = z
  .object({ ...userFields, password: passwordSchema })
  .refine(passwordIsNotTheEmail, notTheEmail);

export type NewUserInput = z.input<typeof newUserSchema>;
export type NewUser = z.output<typeof newUserSchema>;

/**
 * The demo's own accounts (lib/demo/demo-accounts.ts): their passwords are published on purpose,
 * so they are on the common list; only the seed creates them, held to every other rule.
 */
export const demoUserSchema = z
  .object({ ...userFields, password: passwordLengthSchema })
  .refine(passwordIsNotTheEmail, notTheEmail);

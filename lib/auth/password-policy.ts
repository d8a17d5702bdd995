import { isCommonPassword } from "@/lib/auth/common-passwords";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";

/**
 * The one password policy, asked wherever a password is set (`goldenset add-user`, the admin's
 * add-user and reset-password actions, the demo seed): what is wrong with `password`, or null.
 * It is judged after trimming — twelve spaces are not a password, and `"  password1234  "` is a
 * common one — but stored as typed, so the user signs in with what they chose. `published`: the
 * demo's own accounts, whose passwords are public on purpose and so on the common list; every
 * other rule still holds for them. Messages start with the field, so one line says what to fix.
 */
export function passwordProblem(options: {
  password: string;
  email?: string;
  published?: boolean;
}): string | null {
  const { password } = options;
  const judged = password.trim();
  if (judged.length < MIN_PASSWORD_LENGTH)
    return `password: at least ${MIN_PASSWORD_LENGTH} characters, not counting spaces at the ends`;
  // better-auth refuses longer passwords at sign-in, so no account is created with one
  if (password.length > MAX_PASSWORD_LENGTH) return `password: at most ${MAX_PASSWORD_LENGTH} characters`;
  // asked before the common check: a name part such as "Rita.Reviewer" is guessable too, and this
  // message says exactly what to change
  if (options.email !== undefined && isTheEmail(judged, options.email))
    return "password: must not be the email address or its name part";
  if (!options.published && isCommonPassword(judged))
    return "password: too common (it is on the list of common and published passwords); choose another";
  return null;
}

function isTheEmail(password: string, email: string): boolean {
  const lowered = password.toLowerCase();
  const address = email.trim().toLowerCase();
  return lowered === address || lowered === address.split("@")[0];
}

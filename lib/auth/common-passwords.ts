import commonPasswordList from "@/lib/auth/common-passwords.json";

// The list is written by bin/build-common-passwords.mjs: lowercased, 12 characters or longer
// (shorter passwords fail the length rule before this one), the app's own demo passwords included.
const commonPasswords: ReadonlySet<string> = new Set(commonPasswordList);

/** True when `password` is on the list of common passwords, whatever its letters' case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.trim().toLowerCase());
}

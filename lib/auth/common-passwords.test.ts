import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "@/lib/auth/common-passwords";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";
import { demoAccounts } from "@/lib/demo/demo-accounts";

describe("isCommonPassword", () => {
  it("refuses every leaked password of zxcvbn's list long enough to pass the length rule, in any case", () => {
    const long = dictionary["passwords-common"].filter((password) => password.length >= MIN_PASSWORD_LENGTH);
    expect(long.length).toBeGreaterThan(250);
    // uppercased and padded: one pass over the list (a few ms each) shows both the list and the case
    expect(long.filter((password) => !isCommonPassword(` ${password.toUpperCase()} `))).toEqual([]);
    expect(isCommonPassword("PassWord1234")).toBe(true);
  });

  it("refuses the demo's published passwords and their obvious variants", () => {
    for (const { password } of demoAccounts) expect(isCommonPassword(password), password).toBe(true);
    for (const role of ["admin", "engineer", "annotator"])
      for (const separator of ["-", "_", ".", "", " "])
        for (const password of [`Goldenset${separator}${role}`, `${role}${separator}goldenset`])
          expect(isCommonPassword(password), password).toBe(true);
    expect(isCommonPassword("Goldenset2026!")).toBe(true);
  });

  it("refuses the patterns people build long passwords from", () => {
    for (const password of [
      "Summer2024!!", // a season and a year
      "password2026!",
      "Welcome@2025",
      "P@ssw0rd2024", // l33t
      "1qaz2wsx3edc", // keyboard walks
      "qwertyuiop[]",
      "zxcvbnm,./123",
      "qwertyqwerty", // repeats and runs
      "111111111111",
      "123456789012",
      "abcdefghijklmnop",
      "iloveyou2026",
    ])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it("accepts long passwords that are none of these", () => {
    for (const password of [
      "amber kettle on the moor",
      "just-twelve!",
      "heron cartography 1907",
      "lantern river quietly 42",
      "agreement-e2e-pw-7431",
    ])
      expect(isCommonPassword(password), password).toBe(false);
  });
});

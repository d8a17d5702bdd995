import { describe, expect, it } from "vitest";
import { passwordProblem } from "@/lib/auth/password-policy";

// The one password policy: every place a password is set (goldenset add-user, the admin's add-user
// and reset-password actions, the demo seed) asks it, and it judges the password after trimming.

describe("passwordProblem", () => {
  it("accepts a long uncommon password, padded or not", () => {
    expect(passwordProblem({ password: "amber kettle on the moor" })).toBeNull();
    expect(passwordProblem({ password: "  amber kettle on the moor  " })).toBeNull();
  });

  it("refuses whitespace-only passwords of any length", () => {
    for (const password of [" ".repeat(12), "\t".repeat(20), ` \n ${"\u00a0".repeat(12)}`, " ".repeat(128)])
      expect(passwordProblem({ password }), JSON.stringify(password)).toBe(
        "password: at least 12 characters, not counting spaces at the ends",
      );
  });

  it("counts the length after trimming", () => {
    expect(passwordProblem({ password: "   short-pw-11   " })).toBe(
      "password: at least 12 characters, not counting spaces at the ends",
    );
    expect(passwordProblem({ password: "  just-twelve!  " })).toBeNull();
  });

  it("refuses padded common passwords, whatever the padding and case", () => {
    for (const password of ["  password123  ", "  password1234", "Password1234   ", "\tqwertyuiop123\n"])
      expect(passwordProblem({ password }), JSON.stringify(password)).toMatch(
        /^password: (at least 12 characters|too common)/,
      );
    expect(passwordProblem({ password: "  Password1234  " })).toBe(
      "password: too common (it is on the list of common and published passwords); choose another",
    );
  });

  it("refuses the email or its name part, padded too", () => {
    const email = "rita.reviewer@example.com";
    expect(passwordProblem({ password: "  Rita.Reviewer  ", email })).toBe(
      "password: must not be the email address or its name part",
    );
  });

  it("refuses what better-auth would refuse at sign-in", () => {
    expect(passwordProblem({ password: "x".repeat(129) })).toBe("password: at most 128 characters");
  });

  it("lets the demo's published passwords through only when asked to, still held to the rest", () => {
    expect(passwordProblem({ password: "goldenset-admin" })).toMatch(/too common/);
    expect(passwordProblem({ password: "goldenset-admin", published: true })).toBeNull();
    expect(passwordProblem({ password: " ".repeat(15), published: true })).toMatch(/not counting spaces/);
  });
});

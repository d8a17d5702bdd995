import { describe, expect, it } from "vitest";
import { demoUserSchema, newUserSchema } from "@/lib/auth/new-user-schema";

const valid = {
  name: "Rita Reviewer",
  email: "rita@example.com",
  role: "engineer",
  password: "amber kettle on the moor",
};

function problems(input: Record<string, unknown>): string[] {
  const result = newUserSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("newUserSchema", () => {
  it("accepts a name, an email, a role and a long uncommon password", () => {
    expect(newUserSchema.parse(valid)).toEqual(valid);
  });

  it("lowercases and trims the email (better-auth looks it up in lowercase)", () => {
    expect(newUserSchema.parse({ ...valid, email: "  Rita@Example.COM " }).email).toBe("rita@example.com");
  });

  it("refuses a password shorter than 12 characters, naming the field", () => {
    expect(problems({ ...valid, password: "short-pw-11" })).toEqual([
      "password: at least 12 characters, not counting spaces at the ends",
    ]);
    expect(problems({ ...valid, password: "just-twelve!" })).toEqual([]);
  });

  it("judges the password after trimming: whitespace-only and padded common ones are refused", () => {
    expect(problems({ ...valid, password: " ".repeat(12) })).toEqual([
      "password: at least 12 characters, not counting spaces at the ends",
    ]);
    expect(problems({ ...valid, password: "  password123  " })).toEqual([
      "password: at least 12 characters, not counting spaces at the ends",
    ]);
    expect(problems({ ...valid, password: "   Password1234   " })).toEqual([
      "password: too common (it is on the list of common and published passwords); choose another",
    ]);
    // kept as typed: the user signs in with what they chose
    expect(newUserSchema.parse({ ...valid, password: "  amber kettle on the moor " }).password).toBe(
      "  amber kettle on the moor ",
    );
  });

  it("refuses a password longer than better-auth accepts at sign-in", () => {
    expect(problems({ ...valid, password: "x".repeat(129) })).toEqual(["password: at most 128 characters"]);
  });

  it("refuses common passwords whatever their case", () => {
    for (const password of [
      "password1234",
      "Password1234",
      "QWERTYUIOP123",
      "1qaz2wsx3edc",
      "Summer2024!!",
    ]) {
      expect(problems({ ...valid, password }), password).toEqual([
        "password: too common (it is on the list of common and published passwords); choose another",
      ]);
    }
  });

  it("refuses the demo's published passwords", () => {
    for (const password of ["goldenset-admin", "goldenset-engineer", "goldenset-annotator"])
      expect(problems({ ...valid, password })).toHaveLength(1);
  });

  it("refuses a password that is the email or its name part", () => {
    const email = "rita.reviewer@example.com";
    expect(problems({ ...valid, email, password: "Rita.Reviewer" })).toEqual([
      "password: must not be the email address or its name part",
    ]);
  });

  it("refuses a bad email and an unknown role, naming the field", () => {
    expect(problems({ ...valid, email: "rita at example" })).toEqual(["email: not a valid email address"]);
    expect(problems({ ...valid, role: "superuser" })).toEqual([
      "role: must be one of admin, engineer, annotator",
    ]);
    expect(problems({ ...valid, name: "  " })).toEqual(["name: required"]);
  });
});

describe("demoUserSchema", () => {
  it("holds the demo's published passwords to the length rule only", () => {
    const demo = { ...valid, email: "admin@goldenset.local", password: "goldenset-admin" };
    expect(demoUserSchema.parse(demo).password).toBe("goldenset-admin");
    expect(demoUserSchema.safeParse({ ...demo, password: "short" }).success).toBe(false);
    expect(demoUserSchema.safeParse({ ...demo, password: " ".repeat(16) }).success).toBe(false);
  });
});

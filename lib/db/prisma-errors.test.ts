import { describe, expect, it } from "vitest";
import { isLostWriteRace, isUniqueViolation } from "./prisma-errors";

describe("Prisma write errors", () => {
  it("a unique violation is a lost race; a busy SQLite database is too, but is no unique violation", () => {
    expect(isUniqueViolation({ code: "P2002" })).toBe(true);
    expect(isLostWriteRace({ code: "P2002" })).toBe(true);
    expect(isLostWriteRace({ code: "P1008" })).toBe(true);
    expect(isUniqueViolation({ code: "P1008" })).toBe(false);
  });

  it("anything else — a lost connection, a missing table, a plain Error — is neither", () => {
    for (const error of [{ code: "P1017" }, { code: "P2021" }, new Error("boom"), null, "P2002"]) {
      expect(isUniqueViolation(error)).toBe(false);
      expect(isLostWriteRace(error)).toBe(false);
    }
  });
});

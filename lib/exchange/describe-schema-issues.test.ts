import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeSchemaIssues } from "./describe-schema-issues";

const schema = z.object({ items: z.array(z.object({ n: z.number() }).strict()) }).strict();

function errorOf(value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error("expected a failure");
  return result.error;
}

describe("describeSchemaIssues", () => {
  it("spells out the first issues with their JSON paths and counts the rest", () => {
    const error = describeSchemaIssues(
      errorOf({ items: [{ n: "1" }, { n: 2 }, { n: "3" }, {}, { n: null }] }),
      "bad_request",
    );
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe(
      "items[0].n: must be a number; items[2].n: must be a number; items[3].n: must be a number; and 1 more problem",
    );
    expect(error.location).toEqual({ path: ["items", 0, "n"] });
  });

  it("points at an unknown field by its own path", () => {
    const error = describeSchemaIssues(
      errorOf({ items: [{ n: 1, x: 1, y: 2 }] }),
      "conflict",
      "cannot export: ",
    );
    expect(error.message).toBe('cannot export: items[0].x: unknown field (also "y")');
    expect(error.location).toEqual({ path: ["items", 0, "x"] });
    expect(error.code).toBe("conflict");
  });
});

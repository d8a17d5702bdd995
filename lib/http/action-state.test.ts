import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import {
  type ActionState,
  failureFromAppError,
  failureFromZodError,
  fieldErrorsFromZodError,
  fieldErrorsOf,
  initialActionState,
  submittedValue,
} from "./action-state";

const schema = z.object({
  name: z.string().trim().min(1, "Give the set a name").max(5, "At most 5 characters"),
  corpusId: z.string({ error: "Choose a corpus" }),
  labels: z.array(z.object({ grade: z.number().int("A grade is a whole number") })),
  tags: z.array(z.string().min(1, "A tag cannot be empty")),
});

function zodError(input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be invalid");
  return result.error;
}

describe("fieldErrorsFromZodError", () => {
  it("keeps every issue under its field, nested fields by JSON path", () => {
    const error = zodError({ name: "", labels: [{ grade: 1 }, { grade: 1.5 }], tags: ["", ""] });
    expect(fieldErrorsFromZodError(error)).toEqual({
      name: ["Give the set a name"],
      corpusId: ["Choose a corpus"],
      "labels[1].grade": ["A grade is a whole number"],
      "tags[0]": ["A tag cannot be empty"],
      "tags[1]": ["A tag cannot be empty"],
    });
  });

  it("collects several messages for one field, each once", () => {
    const twice = z
      .string()
      .min(8, "At least 8 characters")
      .regex(/\d/, "Add a digit")
      .regex(/[0-9]/, "Add a digit");
    const result = z.object({ password: twice }).safeParse({ password: "abc" });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromZodError(result.error!)).toEqual({
      password: ["At least 8 characters", "Add a digit"],
    });
  });

  it("files issues about the whole input under (root)", () => {
    const result = z.string().safeParse(3);
    expect(Object.keys(fieldErrorsFromZodError(result.error!))).toEqual(["(root)"]);
  });
});

describe("failureFromZodError", () => {
  it("summarizes with the first problem and counts the others", () => {
    const values = { name: "", corpusId: "c-1" };
    expect(failureFromZodError(zodError({ name: "", labels: [], tags: [""] }), values)).toEqual({
      ok: false,
      error: "Give the set a name (and 2 more problems)",
      fieldErrors: {
        name: ["Give the set a name"],
        corpusId: ["Choose a corpus"],
        "tags[0]": ["A tag cannot be empty"],
      },
      values,
    });
  });

  it("gives a single problem as it is, and no values when none were submitted", () => {
    const failure = failureFromZodError(zodError({ name: "abcdef", corpusId: "c", labels: [], tags: [] }));
    expect(failure).toEqual({
      ok: false,
      error: "At most 5 characters",
      fieldErrors: { name: ["At most 5 characters"] },
    });
  });
});

describe("failureFromAppError", () => {
  it("puts the message beside the field its path names", () => {
    const error = new AppError("conflict", "That query is already in the set.", { path: ["text"] });
    expect(failureFromAppError(error, { text: "fan noise" })).toEqual({
      ok: false,
      error: "That query is already in the set.",
      fieldErrors: { text: ["That query is already in the set."] },
      values: { text: "fan noise" },
    });
  });

  it("adds the line to the summary, and has no field errors without a path", () => {
    expect(failureFromAppError(new AppError("bad_request", "Not a TREC run", { line: 12 }))).toEqual({
      ok: false,
      error: "Not a TREC run (line 12)",
      fieldErrors: {},
    });
  });
});

describe("fieldErrorsOf and submittedValue", () => {
  const failed: ActionState<{ added: string }> = {
    ok: false,
    error: "Type a query first",
    fieldErrors: { text: ["Type a query first"] },
    values: { text: "  " },
  };

  it("read a failed submission", () => {
    expect(fieldErrorsOf(failed, "text")).toEqual(["Type a query first"]);
    expect(fieldErrorsOf(failed, "other")).toBeUndefined();
    expect(submittedValue(failed, "text")).toBe("  ");
  });

  it("find nothing in a successful or initial state", () => {
    const added: ActionState<{ added: string }> = { ok: true, data: { added: "fan noise" } };
    for (const state of [added, initialActionState]) {
      expect(fieldErrorsOf(state, "text")).toBeUndefined();
      expect(submittedValue(state, "text")).toBeUndefined();
    }
  });
});

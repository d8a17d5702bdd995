import { redirect } from "next/navigation";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createAppTestDatabase } from "@/lib/auth/testing/app-test-database";
import { AppError } from "@/lib/errors";
import { initialActionState } from "@/lib/http/action-state";

// Public actions: they need no session, so they run outside a Next.js request. The signed-in
// path (currentUser → redirect or an error state) is the same check withRoute's tests cover.
// better-auth is loaded all the same: it gets a test database, never the dev one.
const database = createAppTestDatabase();
const { serverAction, serverFunction } = await import("@/lib/http/server-action");

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await database.dispose();
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const querySchema = z.object({
  text: z.string().trim().min(1, "Type a query first"),
  position: z.coerce.number().int("A position is a whole number").min(1, "Positions start at 1"),
});

describe("serverAction", () => {
  it("validates the form with the schema and the bound arguments, and answers the handler's data", async () => {
    const action = serverAction(
      { access: "public", schema: querySchema, bound: [z.string().min(1)] },
      async (input, { user, bound: [setId] }) => ({ setId, user, ...input }),
    );
    const state = await action("set-1", initialActionState, form({ text: " fan ", position: "2" }));
    expect(state).toEqual({ ok: true, data: { setId: "set-1", user: null, text: "fan", position: 2 } });
  });

  it("answers every zod issue by field, a summary, and the submitted text fields", async () => {
    const handler = vi.fn(async () => "never reached");
    const action = serverAction({ access: "public", schema: querySchema }, handler);
    const submitted = form({ text: " ", position: "1.5", $ACTION_ID_abc: "" });
    submitted.append("file", new Blob(["x"]), "x.txt");
    expect(await action(initialActionState, submitted)).toEqual({
      ok: false,
      error: "Type a query first (and 1 more problem)",
      fieldErrors: { text: ["Type a query first"], position: ["A position is a whole number"] },
      values: { text: " ", position: "1.5" },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses text the database cannot store (a NUL, a lone surrogate) by field, before the handler", async () => {
    const handler = vi.fn(async () => "never reached");
    const action = serverAction({ access: "public", schema: querySchema }, handler);
    // a form's fields are USV strings (a lone surrogate arrives as U+FFFD); a NUL arrives as is
    const state = await action(initialActionState, form({ text: "fan\u0000", position: "1" }));
    expect(state).toMatchObject({ ok: false, error: expect.stringMatching(/^text: the text has a NUL/) });
    expect(state.ok ? undefined : state.fieldErrors.text).toHaveLength(1);
    const call = serverFunction({ access: "public", schema: querySchema }, handler);
    expect(await call({ text: "fan \uD800", position: 1 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^text: the text has a lone surrogate/),
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("reads repeated fields with formInput", async () => {
    const action = serverAction(
      {
        access: "public",
        schema: z.object({ ids: z.array(z.string()).min(1, "Select at least one query") }),
        formInput: (data) => ({ ids: data.getAll("id") }),
      },
      async ({ ids }) => ids.length,
    );
    const data = form({});
    data.append("id", "a");
    data.append("id", "b");
    expect(await action(initialActionState, data)).toEqual({ ok: true, data: 2 });
    expect(await action(initialActionState, form({}))).toMatchObject({
      ok: false,
      fieldErrors: { ids: ["Select at least one query"] },
    });
  });

  it("answers an AppError with its message, beside the field its path names", async () => {
    const action = serverAction({ access: "public", schema: querySchema }, async () => {
      throw new AppError("conflict", "That query is already in the set.", { path: ["text"] });
    });
    expect(await action(initialActionState, form({ text: "fan", position: "1" }))).toEqual({
      ok: false,
      error: "That query is already in the set.",
      fieldErrors: { text: ["That query is already in the set."] },
      values: { text: "fan", position: "1" },
    });
  });

  it("never echoes a password field back to the form", async () => {
    const action = serverAction({ access: "public", schema: querySchema }, async () => "never reached");
    const state = await action(
      initialActionState,
      form({ text: " ", position: "1", password: "hunter2hunter2" }),
    );
    expect(state).toMatchObject({ ok: false, values: { text: " ", position: "1" } });
    expect(JSON.stringify(state)).not.toContain("hunter2");
  });

  it("answers anything else with a generic message and logs the error, not the form", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const action = serverAction({ access: "public" }, async () => {
      throw new Error("SQLITE_BUSY: database is locked");
    });
    const state = await action(initialActionState, form({ password: "hunter2" }));
    expect(state).toMatchObject({ ok: false, error: "Something went wrong on the server. Try again." });
    expect(JSON.stringify(state.ok ? null : state.error)).not.toContain("SQLITE");
    expect(log).toHaveBeenCalledOnce();
    expect(JSON.stringify(log.mock.calls[0])).not.toContain("hunter2");
  });

  it("lets redirect() reach Next.js", async () => {
    const action = serverAction({ access: "public" }, async () => redirect("/sets/set-1"));
    await expect(action(initialActionState, form({}))).rejects.toMatchObject({
      digest: expect.stringContaining("NEXT_REDIRECT"),
    });
  });
});

describe("serverFunction", () => {
  const setStatus = serverFunction(
    { access: "public", schema: z.object({ status: z.enum(["labeled", "skipped"]) }), bound: [z.string()] },
    async ({ status }, { bound: [queryId] }) => ({ queryId, status }),
  );

  it("takes the bound arguments and one input object", async () => {
    expect(await setStatus("q-1", { status: "skipped" })).toEqual({
      ok: true,
      data: { queryId: "q-1", status: "skipped" },
    });
  });

  it("answers a bad input with its field errors and no values", async () => {
    const state = await setStatus("q-1", { status: "done" as "labeled" });
    expect(state).toMatchObject({ ok: false, fieldErrors: { status: [expect.any(String)] } });
    expect(state).not.toHaveProperty("values");
  });
});

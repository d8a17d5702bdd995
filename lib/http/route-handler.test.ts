import { notFound } from "next/navigation";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createAppTestDatabase, signInAs } from "@/lib/auth/testing/app-test-database";
import { AppError } from "@/lib/errors";

// withRoute on a real database and real better-auth sessions: the user signs in as the sign-in
// form does, and the request carries the session cookie.
const database = createAppTestDatabase();
const { idParamsSchema, withRoute } = await import("@/lib/http/route-handler");

let engineer: { userId: string; cookie: string };
let annotator: { userId: string; cookie: string };

beforeAll(async () => {
  engineer = await signInAs("engineer");
  annotator = await signInAs("annotator");
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await database.dispose();
});

function post(body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/things?token=secret-token", { method: "POST", body, headers });
}

function json(value: unknown, cookie?: string): Request {
  return post(JSON.stringify(value), {
    "content-type": "application/json",
    ...(cookie ? { cookie } : {}),
  });
}

const thingSchema = z.object({
  name: z.string().trim().min(1, "Give the thing a name"),
  size: z.coerce.number().int("Size must be a whole number").min(1, "Size must be at least 1"),
});

const createThing = withRoute({ access: "import", body: thingSchema }, async ({ user, body }) =>
  Response.json({ userId: user.id, ...body }, { status: 201 }),
);

describe("withRoute", () => {
  it("refuses a write from another origin with 403 before running the handler, even signed in", async () => {
    let ran = false;
    const guarded = withRoute({ access: "import" }, async () => {
      ran = true;
      return Response.json({ ok: true });
    });
    const crossOrigin: Record<string, string>[] = [
      { origin: "http://evil.example" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of crossOrigin) {
      const response = await guarded(post("{}", { cookie: engineer.cookie, ...headers }));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: "Cross-origin requests may not change data.",
        code: "forbidden",
      });
    }
    expect(ran).toBe(false);
    const own = await guarded(post("{}", { cookie: engineer.cookie, origin: "http://localhost" }));
    expect(own.status).toBe(200);
  });

  it("lists a refused import's problems (file, line, JSON path) with their count", async () => {
    const refuse = withRoute({ access: "import" }, async () => {
      throw new AppError(
        "bad_request",
        "Nothing imported — 3 problems: …",
        { line: 2 },
        {
          listed: [
            { line: 2, message: 'unknown document "nope"' },
            { file: "topics.tsv", line: 4, message: "expected qid<TAB>text" },
          ],
          total: 3,
        },
      );
    });
    const response = await refuse(post("{}", { cookie: engineer.cookie }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Nothing imported — 3 problems: …",
      code: "bad_request",
      location: { line: 2 },
      problems: [
        { line: 2, message: 'unknown document "nope"' },
        { file: "topics.tsv", line: 4, message: "expected qid<TAB>text" },
      ],
      problemCount: 3,
    });
    const withPath = withRoute({ access: "import" }, async () => {
      throw new AppError("bad_request", "x", undefined, {
        listed: [{ path: ["corpus", "documents", 3, "id"], message: "not in the corpus" }],
        total: 1,
      });
    });
    const body = await (await withPath(post("{}", { cookie: engineer.cookie }))).json();
    expect(body.problems).toEqual([{ path: "corpus.documents[3].id", message: "not in the corpus" }]);
  });

  it("answers 401 to a signed-out caller of a protected route", async () => {
    const response = await createThing(json({ name: "a", size: 1 }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Sign in first.", code: "unauthorized" });
  });

  it("answers 403 when the role lacks the permission", async () => {
    const response = await createThing(json({ name: "a", size: 1 }, annotator.cookie));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: "Your role (annotator) cannot import.",
      code: "forbidden",
    });
  });

  it("gives the handler the signed-in user and the parsed JSON body", async () => {
    const response = await createThing(json({ name: " Fan ", size: "3" }, engineer.cookie));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ userId: engineer.userId, name: "Fan", size: 3 });
  });

  it("parses a form body's text fields", async () => {
    const form = new FormData();
    form.append("name", "Fan");
    form.append("size", "2");
    const response = await createThing(post(form, { cookie: engineer.cookie }));
    expect(await response.json()).toEqual({ userId: engineer.userId, name: "Fan", size: 2 });
  });

  it("answers 400 listing every issue, the first one in `error`", async () => {
    const response = await createThing(json({ name: "", size: 1.5 }, engineer.cookie));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "name: Give the thing a name",
      code: "bad_request",
      location: { path: "name" },
      issues: [
        { path: "name", message: "Give the thing a name" },
        { path: "size", message: "Size must be a whole number" },
      ],
    });
  });

  it("answers 400 to a body that is not JSON", async () => {
    const response = await createThing(
      post("{ nope", { "content-type": "application/json", cookie: engineer.cookie }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("The request body is not valid JSON.");
  });

  it("parses route params and the query string", async () => {
    const route = withRoute(
      { access: "signed-in", params: idParamsSchema, query: z.object({ limit: z.coerce.number().max(100) }) },
      async ({ params, query }) => Response.json({ id: params.id, limit: query.limit }),
    );
    const request = (search: string) =>
      new Request(`http://localhost/api/things/t-1?${search}`, { headers: { cookie: annotator.cookie } });
    const context = { params: Promise.resolve({ id: "t-1" }) };

    expect(await (await route(request("limit=20"), context)).json()).toEqual({ id: "t-1", limit: 20 });
    const tooMany = await route(request("limit=500"), context);
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).issues).toEqual([{ path: "limit", message: "must be at most 100" }]);
  });

  it("maps an AppError to its status, with its location", async () => {
    const route = withRoute({ access: "public" }, async () => {
      throw new AppError("conflict", "That query is already in the set.", {
        line: 3,
        path: ["queries", 2, "text"],
      });
    });
    const response = await route(new Request("http://localhost/api/things"));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "That query is already in the set.",
      code: "conflict",
      location: { line: 3, path: "queries[2].text" },
    });
  });

  it("answers 500 without internals and logs the error without the query string", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const route = withRoute({ access: "public" }, async ({ user }) => {
      expect(user).toBeNull();
      throw new Error("SQLITE_CANTOPEN: /srv/data/goldenset.db");
    });
    const response = await route(post("x"));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: "Something went wrong on the server.", code: "internal" });
    expect(text).not.toContain("SQLITE");
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toBe("Unhandled error in POST /api/things");
  });

  it("lets notFound() and redirect() reach Next.js", async () => {
    const route = withRoute({ access: "public" }, async () => notFound());
    await expect(route(new Request("http://localhost/api/things"))).rejects.toMatchObject({
      digest: expect.stringContaining("NEXT_HTTP_ERROR_FALLBACK;404"),
    });
  });
});

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type ActionCase,
  actionCases,
  CALLERS,
  type Caller,
  type RouteCase,
  routeCases,
  setImportCredit,
} from "./authorization-matrix";
import { DEMO_SET_NAME, DEMO_URL } from "./helpers";
import { expect, test } from "./test";

// Every route handler and every server action, called for real on the demo server as signed out,
// annotator, engineer and admin; the expected answer of each is in ./authorization-matrix.ts.
// A route or action that is not in the matrix fails the first two tests: add it there.

const ROOT = path.resolve(__dirname, "..");
const UNKNOWN = "no-such-id-matrix";

// React's own encoder for server-action arguments, as the browser sends them.
const { encodeReply } = require("next/dist/compiled/react-server-dom-webpack/client.node.js") as {
  encodeReply: (value: unknown[]) => Promise<string | FormData>;
};

/** `route.ts` files under app/ and the HTTP methods each exports. */
function routeHandlersInApp(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const source = readFileSync(full, "utf8");
        const file = path.relative(ROOT, full);
        const methods = new Set<string>();
        for (const match of source.matchAll(
          /export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g,
        ))
          methods.add(match[1] ?? "");
        for (const match of source.matchAll(/export const \{([^}]*)\}/g))
          for (const name of (match[1] ?? "").split(",")) methods.add(name.trim());
        for (const method of methods) found.push(`${file} ${method}`);
      }
    }
  };
  walk(path.join(ROOT, "app"));
  return found.sort();
}

type ManifestEntry = { exportedName: string; filename: string; workers: Record<string, unknown> };

/** Every server action of the production build, with a page that can receive it. */
function serverActionsInBuild(): Map<string, { id: string; page: string }> {
  const manifest = JSON.parse(
    readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, ManifestEntry> };
  const actions = new Map<string, { id: string; page: string }>();
  for (const [id, entry] of Object.entries(manifest.node)) {
    // the page beside the action's file, as its form posts there; else any page that has it
    const workers = Object.keys(entry.workers).sort();
    const besideFile = `${path.dirname(entry.filename)}/page`;
    const worker = workers.includes(besideFile) ? besideFile : (workers[0] ?? "");
    const page = worker
      .replace(/^app\//, "/")
      .replace(/\/?page$/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/\[[^\]]+\]/g, UNKNOWN);
    actions.set(`${entry.filename} ${entry.exportedName}`, { id, page: page || "/" });
  }
  return actions;
}

/** Signs in the way the sign-in form does (its server action) and returns the session cookie. */
async function signInCookie(email: string, password: string): Promise<string> {
  const signIn = serverActionsInBuild().get("app/sign-in/actions.ts signInAction");
  const response = await fetch(`${DEMO_URL}/sign-in`, {
    method: "POST",
    headers: {
      "Next-Action": signIn?.id ?? "",
      "Content-Type": "text/plain;charset=UTF-8",
      Origin: DEMO_URL,
    },
    body: await encodeReply([{ email, password }]),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  expect(cookie, `a session cookie for ${email}`).toContain("session_token=");
  return cookie;
}

const ACCOUNTS: Record<Exclude<Caller, "signedOut">, [string, string]> = {
  annotator: ["annotator@goldenset.local", "goldenset-annotator"],
  engineer: ["engineer@goldenset.local", "goldenset-engineer"],
  admin: ["admin@goldenset.local", "goldenset-admin"],
};

async function cookiesByCaller(): Promise<Record<Caller, string>> {
  const cookies: Record<Caller, string> = { signedOut: "", annotator: "", engineer: "", admin: "" };
  for (const [caller, [email, password]] of Object.entries(ACCOUNTS))
    cookies[caller as Caller] = await signInCookie(email, password);
  return cookies;
}

/** A personal API token of the session's user, made with the tokens page's action. */
async function createToken(cookie: string): Promise<string> {
  const target = serverActionsInBuild().get("app/(app)/settings/tokens/actions.ts createTokenAction");
  const form = new FormData();
  form.append("name", "authorization matrix");
  const body = await encodeReply([{ ok: true }, form]);
  const response = await fetch(`${DEMO_URL}${target?.page ?? "/"}`, {
    method: "POST",
    headers: {
      "Next-Action": target?.id ?? "",
      Origin: DEMO_URL,
      Accept: "text/x-component",
      Cookie: cookie,
    },
    body,
  });
  const token = /gs_[A-Za-z0-9_-]{43}/.exec(await response.text())?.[0];
  expect(token, "a token from the tokens page's action").toBeDefined();
  return token ?? "";
}

/** A session cookie, or a Bearer token (no cookie, no Origin: how CI calls the API). */
type Credential = { cookie: string } | { token: string };

async function callRoute(route: RouteCase, credential: Credential): Promise<number> {
  const request = route.request?.() ?? {};
  const response = await fetch(`${DEMO_URL}${route.path(UNKNOWN)}`, {
    method: route.method,
    redirect: "manual",
    headers: {
      ...("token" in credential
        ? credential.token
          ? { Authorization: `Bearer ${credential.token}` }
          : {}
        : { Origin: DEMO_URL, ...(credential.cookie ? { Cookie: credential.cookie } : {}) }),
      ...(request.contentType ? { "Content-Type": request.contentType } : {}),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * What a server action answered: "sign-in" when it (or the server before it) sent the caller to sign
 * in, "forbidden" when the role was refused, "allowed" when it ran (whether or not the input was
 * valid), or the HTTP status of anything else.
 */
async function callAction(
  action: ActionCase,
  target: { id: string; page: string },
  cookie: string,
): Promise<string> {
  const body = await encodeReply(action.args(UNKNOWN));
  const response = await fetch(`${DEMO_URL}${target.page}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Next-Action": target.id,
      Origin: DEMO_URL,
      Accept: "text/x-component",
      ...(cookie ? { Cookie: cookie } : {}),
      ...(typeof body === "string" ? { "Content-Type": "text/plain;charset=UTF-8" } : {}),
    },
    body,
  });
  const text = await response.text();
  if ((response.headers.get("x-action-redirect") ?? "").startsWith("/sign-in")) return "sign-in";
  if (response.status === 401) return "sign-in";
  const state = text
    .split("\n")
    .map((line) => line.replace(/^[0-9a-f]+:/, ""))
    .filter((line) => line.startsWith('{"ok":'))
    .map((line) => JSON.parse(line) as { ok: boolean; error?: string })[0];
  if (state && !state.ok && /^Your role \(\w+\) cannot /.test(state.error ?? "")) return "forbidden";
  if (state || response.headers.get("x-action-redirect")) return "allowed";
  return `status ${response.status}`;
}

test("every route handler in app/ is in the authorization matrix", () => {
  expect(routeHandlersInApp()).toEqual(routeCases.map((route) => `${route.file} ${route.method}`).sort());
});

test("every server action of the build is in the authorization matrix", () => {
  expect([...serverActionsInBuild().keys()].sort()).toEqual(
    actionCases.map((action) => `${action.file} ${action.name}`).sort(),
  );
});

test("every route handler answers each role as the matrix says", async () => {
  const cookies = await cookiesByCaller();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routeCases)
    for (const caller of CALLERS) {
      const label = `${route.method} ${route.path(UNKNOWN)} as ${caller}`;
      answers.push(`${label}: ${await callRoute(route, { cookie: cookies[caller] })}`);
      expected.push(`${label}: ${route.expect[caller]}`);
    }
  expect(answers).toEqual(expected);
});

test("every REST API v1 route answers each role's API token as the matrix says", async () => {
  const cookies = await cookiesByCaller();
  const tokens: Record<Caller, string> = { signedOut: "", annotator: "", engineer: "", admin: "" };
  for (const caller of CALLERS)
    if (caller !== "signedOut") tokens[caller] = await createToken(cookies[caller]);
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routeCases.filter((candidate) => candidate.path(UNKNOWN).startsWith("/api/v1/")))
    for (const caller of CALLERS) {
      const label = `${route.method} ${route.path(UNKNOWN)} with ${caller === "signedOut" ? "no token" : `a token of the ${caller}`}`;
      answers.push(`${label}: ${await callRoute(route, { token: tokens[caller] })}`);
      expected.push(`${label}: ${route.expect[caller]}`);
    }
  expect(answers).toEqual(expected);
});

test("every server action answers each role as the matrix says", async () => {
  const cookies = await cookiesByCaller();
  const actions = serverActionsInBuild();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const action of actionCases) {
    const target = actions.get(`${action.file} ${action.name}`);
    if (!target) throw new Error(`${action.name} is not in the build`);
    for (const caller of CALLERS) {
      // an action that ends the session gets a session of its own
      const cookie =
        action.endsSession && caller !== "signedOut"
          ? await signInCookie(...ACCOUNTS[caller])
          : cookies[caller];
      const label = `${action.name} as ${caller}`;
      answers.push(`${label}: ${await callAction(action, target, cookie)}`);
      expected.push(`${label}: ${action.expect[caller]}`);
    }
  }
  expect(answers).toEqual(expected);
});

type SetFile = {
  set: { name: string };
  queries: {
    labels: { document: string; target: unknown; annotator: string | null; adjudicated?: boolean }[];
  }[];
};

/** The demo set's export with every label (one per span) claiming to be the admin's adjudication. */
async function spoofedDemoSet(cookie: string): Promise<SetFile> {
  const headers = { Cookie: cookie, Origin: DEMO_URL };
  const { sets } = (await (await fetch(`${DEMO_URL}/api/v1/sets`, { headers })).json()) as {
    sets: { id: string; name: string }[];
  };
  const demo = sets.find((set) => set.name === DEMO_SET_NAME);
  const file = (await (
    await fetch(`${DEMO_URL}/api/sets/${demo?.id}/export`, { headers })
  ).json()) as SetFile;
  for (const query of file.queries) {
    const spans = new Set<string>();
    query.labels = query.labels
      .filter((label) => {
        const span = JSON.stringify([label.document, label.target]);
        if (spans.has(span)) return false;
        spans.add(span);
        return true;
      })
      .map((label) => ({ ...label, annotator: ACCOUNTS.admin[0], adjudicated: true }));
  }
  return file;
}

test("a golden-set import credits labels as the matrix says: an annotator's are all theirs, none adjudicated", async () => {
  const cookies = await cookiesByCaller();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const caller of ["annotator", "engineer", "admin"] as const) {
    const file = await spoofedDemoSet(cookies[caller]);
    const labelCount = file.queries.reduce((sum, query) => sum + query.labels.length, 0);
    expect(labelCount, "the demo set has labels").toBeGreaterThan(10);
    const form = new FormData();
    form.append("name", `spoofed import by the ${caller} ${Date.now()}`);
    form.append("file", new Blob([JSON.stringify(file)], { type: "application/json" }), "set.json");
    const response = await fetch(`${DEMO_URL}/api/sets/import`, {
      method: "POST",
      headers: { Cookie: cookies[caller], Origin: DEMO_URL },
      body: form,
    });
    const body = (await response.json()) as { setId: string; labels: number; credit: { message: string } };
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.labels).toBe(labelCount);
    expect(body.credit.message).toMatch(setImportCredit[caller].message);
    const imported = (await (
      await fetch(`${DEMO_URL}/api/sets/${body.setId}/export`, { headers: { Cookie: cookies[caller] } })
    ).json()) as SetFile;
    const labels = imported.queries.flatMap((query) => query.labels);
    const annotators = [...new Set(labels.map((label) => label.annotator))];
    const adjudicated = [...new Set(labels.map((label) => label.adjudicated === true))];
    const own = ACCOUNTS[caller][0];
    answers.push(`${caller}: ${annotators.join(",")} adjudicated=${adjudicated.join(",")}`);
    const want = setImportCredit[caller];
    expected.push(
      `${caller}: ${want.annotator === "the importer" ? own : ACCOUNTS.admin[0]} adjudicated=${want.adjudicated}`,
    );
  }
  expect(answers).toEqual(expected);
});

/**
 * Who may call what: every route handler and server action of the app with the answer each caller
 * gets. Ids in paths and arguments are unknown ones, and inputs are empty or invalid, so a call
 * that passes the access check is refused by validation or lookup and changes nothing: what is
 * tested is the access check itself. authorization-matrix.spec.ts fails when the app has a route
 * or action this list does not.
 */

import {
  type Caller,
  engineers,
  every,
  json,
  multipart,
  type RouteCase,
  signedIn,
} from "./authorization-callers";

export { actionCases } from "./authorization-actions";
export { type ActionCase, CALLERS, type Caller, type RouteCase } from "./authorization-callers";

export const routeCases: RouteCase[] = [
  // where next.config.ts sends an oversized body; writes without a session are refused before it
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map(
    (method): RouteCase => ({
      file: "app/api/request-too-large/route.ts",
      method,
      path: () => "/api/request-too-large",
      expect: method === "GET" ? every(413) : signedIn(401, 413),
    }),
  ),
  // the same for one upload route's limit (lib/http/body-limits.ts UPLOAD_ROUTES), named in the path
  ...(["GET", "POST", "PUT", "PATCH", "DELETE"] as const).map(
    (method): RouteCase => ({
      file: "app/api/request-too-large/[upload]/route.ts",
      method,
      path: () => "/api/request-too-large/run",
      expect: method === "GET" ? every(413) : signedIn(401, 413),
    }),
  ),
  { file: "app/api/health/route.ts", method: "GET", path: () => "/api/health", expect: every(200) },
  {
    // better-auth: the session of the caller (null when signed out)
    file: "app/api/auth/[...all]/route.ts",
    method: "GET",
    path: () => "/api/auth/get-session",
    expect: every(200),
  },
  {
    // better-auth: signing in is open to everyone (right password, so the shared loopback
    // address gathers no failures toward its sign-in limit)
    file: "app/api/auth/[...all]/route.ts",
    method: "POST",
    path: () => "/api/auth/sign-in/email",
    request: json({ email: "engineer@goldenset.local", password: "goldenset-engineer" }),
    expect: every(200),
  },
  {
    file: "app/api/jobs/[id]/route.ts",
    method: "GET",
    path: (id) => `/api/jobs/${id}`,
    expect: signedIn(401, 404),
  },
  {
    file: "app/api/logs/[id]/queries/route.ts",
    method: "GET",
    path: (id) => `/api/logs/${id}/queries`,
    expect: signedIn(401, 404),
  },
  {
    file: "app/api/logs/import/route.ts",
    method: "POST",
    path: () => "/api/logs/import",
    request: multipart,
    expect: engineers(401, 403, 400),
  },
  {
    file: "app/api/corpora/import/route.ts",
    method: "POST",
    path: () => "/api/corpora/import",
    request: multipart,
    expect: engineers(401, 403, 400),
  },
  {
    file: "app/api/sets/import/route.ts",
    method: "POST",
    path: () => "/api/sets/import",
    request: multipart,
    expect: signedIn(401, 400),
  },
  {
    file: "app/api/sets/[id]/export/route.ts",
    method: "GET",
    path: (id) => `/api/sets/${id}/export`,
    expect: signedIn(401, 404),
  },
  {
    // TREC (or ?format=beir: BEIR TSV) qrels download of a set
    file: "app/api/sets/[id]/qrels/route.ts",
    method: "GET",
    path: (id) => `/api/sets/${id}/qrels`,
    expect: signedIn(401, 404),
  },
  {
    // BEIR queries.jsonl download of a set
    file: "app/api/sets/[id]/queries/route.ts",
    method: "GET",
    path: (id) => `/api/sets/${id}/queries`,
    expect: signedIn(401, 404),
  },
  {
    // judgments (TREC/BEIR qrels, Quepid, CSV) into a set: engineers and admins
    file: "app/api/sets/[id]/judgments/route.ts",
    method: "POST",
    path: (id) => `/api/sets/${id}/judgments`,
    request: multipart,
    expect: engineers(401, 403, 400),
  },
  {
    // a run as a TREC run file download
    file: "app/api/runs/[id]/trec/route.ts",
    method: "GET",
    path: (id) => `/api/runs/${id}/trec`,
    expect: signedIn(401, 404),
  },
  {
    // full-text search of the set's corpus, for every role that labels
    file: "app/api/sets/[id]/search/route.ts",
    method: "GET",
    path: (id) => `/api/sets/${id}/search?q=fan`,
    expect: signedIn(401, 404),
  },
  {
    // "Next" in the browser: claims the caller's next query and redirects to it, or to the end
    // page (an unknown set: that page answers 404); signed out, to sign-in
    file: "app/(app)/sets/[id]/next/route.ts",
    method: "GET",
    path: (id) => `/sets/${id}/next`,
    expect: every(307),
  },
  {
    // the workspace's beacon when an annotator leaves a query: drops their own lock, nothing else
    file: "app/api/sets/[id]/queries/[queryId]/lock/release/route.ts",
    method: "POST",
    path: (id) => `/api/sets/${id}/queries/${id}/lock/release`,
    expect: signedIn(401, 204),
  },
  {
    file: "app/api/sets/[id]/runs/route.ts",
    method: "POST",
    path: (id) => `/api/sets/${id}/runs`,
    request: json({}),
    expect: engineers(401, 403, 400),
  },
  {
    file: "app/api/sets/[id]/sweeps/route.ts",
    method: "POST",
    path: (id) => `/api/sets/${id}/sweeps`,
    request: json({}),
    expect: engineers(401, 403, 400),
  },
  // REST API v1: a browser session is accepted as well as a Bearer token; the matrix spec calls
  // these routes with each role's token too (and api-v1.spec.ts with wrong and revoked ones)
  {
    file: "app/api/v1/openapi.json/route.ts",
    method: "GET",
    path: () => "/api/v1/openapi.json",
    expect: every(200),
  },
  { file: "app/api/v1/sets/route.ts", method: "GET", path: () => "/api/v1/sets", expect: signedIn(401, 200) },
  {
    file: "app/api/v1/sets/[id]/route.ts",
    method: "GET",
    path: (id) => `/api/v1/sets/${id}`,
    expect: signedIn(401, 404),
  },
  {
    file: "app/api/v1/sets/[id]/runs/route.ts",
    method: "GET",
    path: (id) => `/api/v1/sets/${id}/runs`,
    expect: signedIn(401, 404),
  },
  {
    file: "app/api/v1/sets/[id]/runs/route.ts",
    method: "POST",
    path: (id) => `/api/v1/sets/${id}/runs`,
    request: json({}),
    expect: engineers(401, 403, 400),
  },
  {
    // a dev/holdout split of the set's queries: engineers and admins
    file: "app/api/v1/sets/[id]/split/route.ts",
    method: "POST",
    path: (id) => `/api/v1/sets/${id}/split`,
    request: json({}),
    expect: engineers(401, 403, 404),
  },
  {
    file: "app/api/v1/sets/[id]/split/route.ts",
    method: "DELETE",
    path: (id) => `/api/v1/sets/${id}/split`,
    expect: engineers(401, 403, 404),
  },
  {
    file: "app/api/v1/runs/[id]/route.ts",
    method: "GET",
    path: (id) => `/api/v1/runs/${id}`,
    expect: signedIn(401, 404),
  },
  {
    file: "app/api/v1/runs/[id]/trec/route.ts",
    method: "GET",
    path: (id) => `/api/v1/runs/${id}/trec`,
    expect: signedIn(401, 404),
  },
  // judging (issue 23): engineers and admins start, cancel and resume; every role reads
  {
    file: "app/api/v1/sets/[id]/judging-jobs/route.ts",
    method: "GET",
    path: (id) => `/api/v1/sets/${id}/judging-jobs`,
    expect: signedIn(401, 404),
  },
  {
    file: "app/api/v1/sets/[id]/judging-jobs/route.ts",
    method: "POST",
    path: (id) => `/api/v1/sets/${id}/judging-jobs`,
    request: json({}),
    expect: engineers(401, 403, 400),
  },
  {
    file: "app/api/v1/judging-jobs/[id]/route.ts",
    method: "GET",
    path: (id) => `/api/v1/judging-jobs/${id}`,
    expect: signedIn(401, 404),
  },
  {
    file: "app/api/v1/judging-jobs/[id]/cancel/route.ts",
    method: "POST",
    path: (id) => `/api/v1/judging-jobs/${id}/cancel`,
    expect: engineers(401, 403, 404),
  },
  {
    file: "app/api/v1/judging-jobs/[id]/resume/route.ts",
    method: "POST",
    path: (id) => `/api/v1/judging-jobs/${id}/resume`,
    expect: engineers(401, 403, 404),
  },
  {
    file: "app/api/v1/judges/route.ts",
    method: "GET",
    path: () => "/api/v1/judges",
    expect: signedIn(401, 200),
  },
  {
    file: "app/api/v1/sets/[id]/judges/[judgeId]/report/route.ts",
    method: "GET",
    path: (id) => `/api/v1/sets/${id}/judges/${id}/report`,
    expect: signedIn(401, 404),
  },
  {
    file: "app/api/v1/compare/route.ts",
    method: "POST",
    path: () => "/api/v1/compare",
    request: json({}),
    expect: signedIn(401, 400),
  },
];

/**
 * What a golden-set import (`POST /api/sets/import`, 201 for every signed-in role above) does
 * with a file whose labels all name the demo admin as annotator and are marked adjudicated: whose
 * labels the new set holds and whether any stays adjudicated. An annotator cannot create labels
 * in another person's name nor adjudicate; engineers and admins keep annotators who exist here.
 */
export const setImportCredit: Record<
  Exclude<Caller, "signedOut">,
  { annotator: "the importer" | "the file's (admin)"; adjudicated: boolean; message: RegExp }
> = {
  annotator: {
    annotator: "the importer",
    adjudicated: false,
    message:
      /^\d+ labels? credited to you; adjudication dropped from \d+ labels?: only engineers and admins adjudicate\.$/,
  },
  engineer: {
    annotator: "the file's (admin)",
    adjudicated: true,
    message: /^\d+ labels? kept the annotator the file named\.$/,
  },
  admin: {
    annotator: "the file's (admin)",
    adjudicated: true,
    message: /^\d+ labels? kept the annotator the file named\.$/,
  },
};

/**
 * Who may call what: every route handler and server action of the app with the answer each caller
 * gets. Ids in paths and arguments are unknown ones, and inputs are empty or invalid, so a call
 * that passes the access check is refused by validation or lookup and changes nothing: what is
 * tested is the access check itself. authorization-matrix.spec.ts fails when the app has a route
 * or action this list does not.
 */

export const CALLERS = ["signedOut", "annotator", "engineer", "admin"] as const;
export type Caller = (typeof CALLERS)[number];

export type RouteCase = {
  file: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: (id: string) => string;
  request?: () => { body?: string | FormData; contentType?: string };
  /** The HTTP status each caller gets. */
  expect: Record<Caller, number>;
};

/** "sign-in": sent to sign in; "forbidden": the role was refused; "allowed": the action ran. */
export type ActionOutcome = "sign-in" | "forbidden" | "allowed";

export type ActionCase = {
  file: string;
  name: string;
  /** The arguments as the page calls it: bound ids, then the input (or previous state and form). */
  args: (id: string) => unknown[];
  expect: Record<Caller, ActionOutcome>;
  /** The action signs the caller out: it gets a session of its own. */
  endsSession?: boolean;
};

const every = <T>(answer: T): Record<Caller, T> => ({
  signedOut: answer,
  annotator: answer,
  engineer: answer,
  admin: answer,
});
/** Any signed-in user gets `answer`; signed out gets `signedOut`. */
const signedIn = <T>(signedOut: T, answer: T): Record<Caller, T> => ({ ...every(answer), signedOut });
/** Engineers and admins get `answer`; annotators `annotator`; signed out `signedOut`. */
const engineers = <T>(signedOut: T, annotator: T, answer: T): Record<Caller, T> => ({
  ...signedIn(signedOut, answer),
  annotator,
});

/** Admins get `answer`; engineers and annotators `forbidden`; signed out `signedOut`. */
const admins = <T>(signedOut: T, forbidden: T, answer: T): Record<Caller, T> => ({
  ...engineers(signedOut, forbidden, answer),
  engineer: forbidden,
});

const emptyForm = () => new FormData();
const initialState = { ok: true };
const json = (value: unknown) => () => ({ body: JSON.stringify(value), contentType: "application/json" });
const multipart = () => {
  const form = new FormData();
  form.append("note", "no file");
  return { body: form };
};

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
    // full-text search of the set's corpus, for every role that labels
    file: "app/api/sets/[id]/search/route.ts",
    method: "GET",
    path: (id) => `/api/sets/${id}/search?q=fan`,
    expect: signedIn(401, 404),
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
];

export const actionCases: ActionCase[] = [
  {
    file: "app/sign-in/actions.ts",
    name: "signInAction",
    args: () => [{ email: "engineer@goldenset.local", password: "goldenset-engineer" }],
    expect: every("allowed"),
  },
  {
    file: "app/sign-in/actions.ts",
    name: "signOutAction",
    args: () => [],
    expect: every("sign-in"),
    endsSession: true,
  },
  {
    file: "app/(app)/sets/actions.ts",
    name: "createSetAction",
    args: () => [initialState, emptyForm()],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/sets/[id]/actions.ts",
    name: "addQueryAction",
    args: (id) => [id, initialState, emptyForm()],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/sets/[id]/actions.ts",
    name: "removeQueryAction",
    args: (id) => [id, id, initialState, emptyForm()],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/logs/[id]/actions.ts",
    name: "addLogQueriesToSetAction",
    args: () => [initialState, emptyForm()],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/logs/[id]/actions.ts",
    name: "sampleIntoSetAction",
    args: (id) => [id, initialState, emptyForm()],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "createQuoteLabelAction",
    args: (id) => [id, id, {}],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "createDocumentLabelAction",
    args: (id) => [id, id, {}],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "deleteLabelAction",
    args: (id) => [id, id, { labelId: id }],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    // whose label may be changed is checked after the label is found (lib/curation/change-label)
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "changeLabelGradeAction",
    args: (id) => [id, id, { labelId: id, grade: 1 }],
    expect: signedIn("sign-in", "allowed"),
  },
  // the repair queue: any role that labels; whose label may be repaired is checked with the label
  ...["acceptRepairCandidateAction", "dropRepairLabelAction"].map(
    (name): ActionCase => ({
      file: "app/(app)/sets/[id]/repair/actions.ts",
      name,
      args: (id) => [id, {}],
      expect: signedIn("sign-in", "allowed"),
    }),
  ),
  {
    // which judgments count: the adjudicators (engineers and admins)
    file: "app/(app)/sets/[id]/actions.ts",
    name: "setJudgmentPolicyAction",
    args: (id) => [id, initialState, emptyForm()],
    expect: engineers("sign-in", "forbidden", "allowed"),
  },
  // the disagreement view's decisions: permission "adjudicate" (engineers and admins)
  ...["adjudicateAction", "clearAdjudicationAction"].map(
    (name): ActionCase => ({
      file: "app/(app)/sets/[id]/agreement/actions.ts",
      name,
      args: (id) => [id, initialState, emptyForm()],
      expect: engineers("sign-in", "forbidden", "allowed"),
    }),
  ),
  {
    // whose deletion may be undone is checked with the history in hand (lib/curation/restore-label)
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "undoDeleteLabelAction",
    args: (id) => [id, id, { labelId: id }],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/sets/[id]/history/actions.ts",
    name: "restoreLabelAction",
    args: (id) => [id, id, initialState, emptyForm()],
    expect: admins("sign-in", "forbidden", "allowed"),
  },
  // the annotator's queue: progress, the query lock and the query's details, bound to set and query
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "recordProgressAction",
    args: (id) => [id, id, { action: "done" }],
    expect: signedIn("sign-in", "allowed"),
  },
  ...["holdQueryLockAction", "releaseQueryLockAction"].map(
    (name): ActionCase => ({
      file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
      name,
      args: (id) => [id, id, {}],
      expect: signedIn("sign-in", "allowed"),
    }),
  ),
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "saveQueryDetailsAction",
    args: (id) => [id, id, { informationNeed: "", notes: "" }],
    expect: signedIn("sign-in", "allowed"),
  },
  // assigning a set's queries: engineers and admins (permission "assign")
  ...["assignQueriesAction", "clearOpenAssignmentsAction"].map(
    (name): ActionCase => ({
      file: "app/(app)/sets/[id]/assignments/actions.ts",
      name,
      args: (id) => [id, initialState, emptyForm()],
      expect: engineers("sign-in", "forbidden", "allowed"),
    }),
  ),
  // a run's baseline pin, archive and tags: engineers and admins (permission "evaluate")
  ...[
    "pinBaselineRunAction",
    "unpinBaselineRunAction",
    "archiveRunAction",
    "unarchiveRunAction",
    "saveRunTagsAction",
  ].map(
    (name): ActionCase => ({
      file: "app/(app)/runs/[id]/actions.ts",
      name,
      args: (id) => [id, initialState, emptyForm()],
      expect: engineers("sign-in", "forbidden", "allowed"),
    }),
  ),
  {
    // which runs a set pools as labeling candidates: engineers and admins (permission "evaluate")
    file: "app/(app)/sets/[id]/runs/pool-actions.ts",
    name: "savePoolSettingsAction",
    args: (id) => [id, initialState, emptyForm()],
    expect: engineers("sign-in", "forbidden", "allowed"),
  },
  {
    file: "app/(app)/admin/users/actions.ts",
    name: "addUserAction",
    args: () => [initialState, emptyForm()],
    expect: admins("sign-in", "forbidden", "allowed"),
  },
  {
    // the demo admin is refused (it would lock everyone out), so the demo server keeps its accounts
    file: "app/(app)/admin/users/actions.ts",
    name: "removeDemoAccountsAction",
    args: () => [initialState, emptyForm()],
    expect: admins("sign-in", "forbidden", "allowed"),
  },
];

// The server actions of the authorization matrix (authorization-matrix.ts has the route handlers,
// the callers and the helpers): each action with the answer each caller gets.
import {
  type ActionCase,
  admins,
  emptyForm,
  engineers,
  every,
  initialState,
  signedIn,
} from "./authorization-callers";

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
  {
    // whose deletion may be undone is checked with the history in hand (lib/curation/restore-label)
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "undoDeleteLabelAction",
    args: (id) => [id, id, { labelId: id }],
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
  {
    // what LLM judges' labels count for: the adjudicators, as the judgment policy
    file: "app/(app)/sets/[id]/actions.ts",
    name: "setModelJudgmentsAction",
    args: (id) => [id, initialState, emptyForm()],
    expect: engineers("sign-in", "forbidden", "allowed"),
  },
  // the set's dev/holdout split: permission "evaluate" (engineers and admins)
  ...["splitSetAction", "clearSplitAction"].map(
    (name): ActionCase => ({
      file: "app/(app)/sets/[id]/actions.ts",
      name,
      args: (id) => [id, initialState, emptyForm()],
      expect: engineers("sign-in", "forbidden", "allowed"),
    }),
  ),
  {
    // the set's context budget: permission "evaluate" (engineers and admins)
    file: "app/(app)/sets/[id]/actions.ts",
    name: "setContextBudgetAction",
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
  // LLM judges (issue 23): the Judges page, a set's Judging page and the judge report; engineers
  // and admins (permission "evaluate"; the calibration sample assigns queries: "assign")
  {
    // an empty form: refused by validation, no judge made
    file: "app/(app)/judges/actions.ts",
    name: "saveJudgeAction",
    args: () => [initialState, emptyForm()],
    expect: engineers("sign-in", "forbidden", "allowed"),
  },
  ...["editJudgeAction", "archiveJudgeAction"].map(
    (name): ActionCase => ({
      file: "app/(app)/judges/actions.ts",
      name,
      args: (id) => [id, initialState, emptyForm()],
      expect: engineers("sign-in", "forbidden", "allowed"),
    }),
  ),
  {
    file: "app/(app)/sets/[id]/judging/actions.ts",
    name: "startJudgingAction",
    args: (id) => [id, initialState, emptyForm()],
    expect: engineers("sign-in", "forbidden", "allowed"),
  },
  ...["cancelJudgingAction", "resumeJudgingAction"].map(
    (name): ActionCase => ({
      // an unknown job: not found
      file: "app/(app)/sets/[id]/judging/actions.ts",
      name,
      args: (id) => [id, id, initialState, emptyForm()],
      expect: engineers("sign-in", "forbidden", "allowed"),
    }),
  ),
  {
    file: "app/(app)/sets/[id]/judging/[judgeId]/actions.ts",
    name: "createCalibrationAction",
    args: (id) => [id, id, initialState, emptyForm()],
    expect: engineers("sign-in", "forbidden", "allowed"),
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
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "holdQueryLockAction",
    args: (id) => [id, id, {}],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/actions.ts",
    name: "saveQueryDetailsAction",
    args: (id) => [id, id, { informationNeed: "", notes: "" }],
    expect: signedIn("sign-in", "allowed"),
  },
  // "ask the judge" in the workspace: anyone who labels asks, and accepts a suggestion as their own label
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/judge-actions.ts",
    name: "askJudgeAction",
    args: (id) => [id, id, { judgeId: id, passages: [{ documentId: id, start: 0, end: 10 }] }],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/sets/[id]/queries/[queryId]/judge-actions.ts",
    name: "acceptJudgeSuggestionAction",
    args: (id) => [id, id, { judgmentId: id }],
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
  {
    // an empty name: refused by validation, no token made
    file: "app/(app)/settings/tokens/actions.ts",
    name: "createTokenAction",
    args: () => [initialState, emptyForm()],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    // an unknown id: not found (a user revokes only their own tokens)
    file: "app/(app)/settings/tokens/actions.ts",
    name: "revokeTokenAction",
    args: (id) => [id, initialState, emptyForm()],
    expect: signedIn("sign-in", "allowed"),
  },
  {
    file: "app/(app)/admin/users/actions.ts",
    name: "changeUserRoleAction",
    args: () => [initialState, emptyForm()],
    expect: admins("sign-in", "forbidden", "allowed"),
  },
  {
    file: "app/(app)/admin/users/actions.ts",
    name: "setUserActiveAction",
    args: () => [initialState, emptyForm()],
    expect: admins("sign-in", "forbidden", "allowed"),
  },
  {
    file: "app/(app)/admin/users/actions.ts",
    name: "resetUserPasswordAction",
    args: () => [initialState, emptyForm()],
    expect: admins("sign-in", "forbidden", "allowed"),
  },
];

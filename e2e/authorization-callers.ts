// The callers of the authorization matrix, the case types, and helpers to say who gets what.

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
type ActionOutcome = "sign-in" | "forbidden" | "allowed";

export type ActionCase = {
  file: string;
  name: string;
  /** The arguments as the page calls it: bound ids, then the input (or previous state and form). */
  args: (id: string) => unknown[];
  expect: Record<Caller, ActionOutcome>;
  /** The action signs the caller out: it gets a session of its own. */
  endsSession?: boolean;
};

export const every = <T>(answer: T): Record<Caller, T> => ({
  signedOut: answer,
  annotator: answer,
  engineer: answer,
  admin: answer,
});
/** Any signed-in user gets `answer`; signed out gets `signedOut`. */
export const signedIn = <T>(signedOut: T, answer: T): Record<Caller, T> => ({ ...every(answer), signedOut });
/** Engineers and admins get `answer`; annotators `annotator`; signed out `signedOut`. */
export const engineers = <T>(signedOut: T, annotator: T, answer: T): Record<Caller, T> => ({
  ...signedIn(signedOut, answer),
  annotator,
});

/** Admins get `answer`; engineers and annotators `forbidden`; signed out `signedOut`. */
export const admins = <T>(signedOut: T, forbidden: T, answer: T): Record<Caller, T> => ({
  ...engineers(signedOut, forbidden, answer),
  engineer: forbidden,
});

export const emptyForm = () => new FormData();
export const initialState = { ok: true };
export const json = (value: unknown) => () => ({
  body: JSON.stringify(value),
  contentType: "application/json",
});
export const multipart = () => {
  const form = new FormData();
  form.append("note", "no file");
  return { body: form };
};

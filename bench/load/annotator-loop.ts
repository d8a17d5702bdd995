import { type Connection, cookieHeader } from "./http-client";
import { labelTarget } from "./label-spans";
import { type ActionState, actionRequestBody, actionStateOf } from "./next-actions";
import type { BenchAnnotator, BenchDocument } from "./prepare-annotators";

/**
 * One simulated annotator doing what the browser does in the labeling workspace, over its own
 * keep-alive connection with its own session: open "next" (/sets/{id}/next redirects to the
 * next query of their queue), load the workspace page, take the query's lock (the workspace's
 * holdLock action on mount), save quote labels (the createLabel action, each on a (document,
 * span) of its own), mark the query done (recordProgress, the Done button), release the lock
 * on leaving, and again — until the deadline, or until "next" has nothing left for them.
 */

/** The request kinds, in the order the report lists them. */
export const REQUEST_KINDS = [
  "next query (redirect)",
  "workspace page",
  "hold lock",
  "save label",
  "mark done",
  "release lock",
] as const;
type RequestKind = (typeof REQUEST_KINDS)[number];

export type ActionIds = {
  signIn: string;
  holdLock: string;
  createQuoteLabel: string;
  recordProgress: string;
};

export type LoadTarget = {
  base: string;
  setId: string;
  actionIds: ActionIds;
  documents: readonly BenchDocument[];
  labelsPerQuery: number;
  /** Mean pause before each label (reading, selecting), ±50%; 0: none, the server at saturation. */
  thinkMs: number;
};

/**
 * What each finished request reports: its kind, latency, response body size, an error message
 * when it did not answer as expected, and the server CPU it cost when measured (milliseconds,
 * null unless the phase reads the server's CPU around each request: one annotator alone).
 */
export type RequestRecord = {
  kind: RequestKind;
  ms: number;
  bytes: number;
  error: string | null;
  serverCpuMs: number | null;
};

/** Signs the annotator in through the sign-in form's action; answers the session cookie. */
export async function signIn(options: {
  connection: Connection;
  target: LoadTarget;
  annotator: BenchAnnotator;
}): Promise<string> {
  const { connection, target, annotator } = options;
  const request = await actionRequestBody([{ email: annotator.email, password: annotator.password }]);
  const answer = await connection.send({
    method: "POST",
    path: "/sign-in",
    headers: actionHeaders({
      target,
      actionId: target.actionIds.signIn,
      cookie: "",
      contentType: request.contentType,
    }),
    body: request.body,
  });
  const state = actionStateOf(answer.body);
  const cookie = cookieHeader(answer.headers);
  if (answer.status !== 200 || !state?.ok || !cookie.includes("session_token="))
    throw new Error(
      `Sign-in of ${annotator.email} failed: ${answer.status} ${state?.error ?? answer.body.slice(0, 200)}`,
    );
  return cookie;
}

/**
 * Runs the annotator's loop until `deadline` (a performance.now() time); no request starts after
 * it. Answers the ids of the labels the app said it created, and whether the annotator's queue
 * ran out first ("next" redirected to its end-of-queue page, /next/end, instead of a query).
 */
export async function runAnnotator(options: {
  connection: Connection;
  target: LoadTarget;
  annotator: BenchAnnotator;
  cookie: string;
  /** Saves so far per query, kept across runs of the loop so no (document, span) comes twice. */
  savesByQuery: Map<string, number>;
  deadline: number;
  record: (entry: RequestRecord) => void;
  /**
   * The server's CPU seconds so far, read before and after each request; only meaningful when
   * this annotator is the server's only client (otherwise omit it).
   */
  serverCpuSeconds?: () => number | null;
}): Promise<{ created: string[]; queueEnded: boolean }> {
  const { connection, target, annotator, cookie } = options;
  const created: string[] = [];
  const { savesByQuery } = options;
  const quotesPerDocument = Math.min(...target.documents.map((document) => document.spans.length));
  const timeLeft = () => performance.now() < options.deadline;
  let current: string | null = null;

  const cpuNow = () => options.serverCpuSeconds?.() ?? null;
  /** Sends one request and records it; `send` answers its result, or why it is wrong (a string). */
  const step = async <T>(
    kind: RequestKind,
    send: () => Promise<{ ms: number; bytes: number; result: T | string }>,
  ) => {
    const started = performance.now();
    const cpuBefore = cpuNow();
    const cpuSince = () => {
      const cpuAfter = cpuNow();
      return cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) * 1000;
    };
    try {
      const { ms, bytes, result } = await send();
      const error = typeof result === "string" ? result : null;
      options.record({ kind, ms, bytes, error, serverCpuMs: cpuSince() });
      return typeof result === "string" ? null : result;
    } catch (error) {
      const ms = performance.now() - started; // a refused connection or a timeout: the time it took to fail
      const message = error instanceof Error ? error.message : String(error);
      options.record({ kind, ms, bytes: 0, error: message, serverCpuMs: cpuSince() });
      return null;
    }
  };
  /** Calls a workspace action; `accept` answers why its result is wrong, or null. */
  const callAction = (
    kind: RequestKind,
    queryId: string,
    actionId: string,
    input: unknown,
    accept: (state: ActionState) => string | null = () => null,
  ) =>
    step(kind, async () => {
      const request = await actionRequestBody([target.setId, queryId, input]);
      const answer = await connection.send({
        method: "POST",
        path: `/sets/${target.setId}/queries/${queryId}`,
        headers: actionHeaders({ target, actionId, cookie, contentType: request.contentType }),
        body: request.body,
      });
      const state = actionStateOf(answer.body);
      const result =
        answer.status !== 200
          ? `${answer.status} ${answer.body.slice(0, 120)}`
          : !state
            ? "no action result in the answer"
            : !state.ok
              ? (state.error ?? "failed")
              : (accept(state) ?? state);
      return { ms: answer.ms, bytes: answer.bodyBytes, result };
    });

  // After a failed step the annotator starts over at "next", as a person reloading would; the
  // failure is counted (and the run fails), but the load keeps its shape.
  while (timeLeft()) {
    const next = await step("next query (redirect)", async () => {
      const after = current ? `?after=${encodeURIComponent(current)}` : "";
      const answer = await connection.send({
        method: "GET",
        path: `/sets/${target.setId}/next${after}`,
        headers: { cookie },
      });
      const location = String(answer.headers.location ?? "");
      const queryId = new RegExp(`^/sets/${target.setId}/queries/([^/?#]+)(?:\\?why=\\w+)?$`).exec(
        location,
      )?.[1];
      const queueEnded =
        answer.status === 307 && new RegExp(`^/sets/${target.setId}/next/end(?:\\?|$)`).test(location);
      return {
        ms: answer.ms,
        bytes: answer.bodyBytes,
        result:
          answer.status === 307 && queryId
            ? { queryId }
            : queueEnded
              ? { queryId: null }
              : `${answer.status} → ${location}`,
      };
    });
    if (!next || !timeLeft()) continue;
    if (next.queryId === null) return { created, queueEnded: true };
    const { queryId } = next;
    current = queryId;
    const page = await step("workspace page", async () => {
      const answer = await connection.send({
        method: "GET",
        path: `/sets/${target.setId}/queries/${queryId}`,
        headers: { cookie },
      });
      return {
        ms: answer.ms,
        bytes: answer.bodyBytes,
        result: answer.status === 200 ? true : `${answer.status}`,
      };
    });
    if (!page || !timeLeft()) continue;
    if (!(await callAction("hold lock", queryId, target.actionIds.holdLock, {})) || !timeLeft()) continue;

    for (let label = 0; label < target.labelsPerQuery && timeLeft(); label++) {
      if (target.thinkMs > 0) await pause(target.thinkMs * (0.5 + Math.random()), options.deadline);
      if (!timeLeft()) break;
      const save = savesByQuery.get(queryId) ?? 0;
      savesByQuery.set(queryId, save + 1);
      const spot = labelTarget({
        annotator: annotator.index,
        save,
        documentCount: target.documents.length,
        quotesPerDocument,
      });
      const document = spot ? target.documents[spot.documentIndex] : undefined;
      const span = spot ? document?.spans[spot.quoteIndex] : undefined;
      if (!document || !span)
        throw new Error(`${annotator.email} ran out of distinct quotes on query ${queryId}.`);
      const input = {
        documentId: document.id,
        documentVersion: document.version,
        start: span.start,
        end: span.end,
        grade: 1 + (save % 3),
      };
      const state = await callAction(
        "save label",
        queryId,
        target.actionIds.createQuoteLabel,
        input,
        (answer) => {
          const outcome = savedLabel(answer)?.outcome;
          return outcome === "created"
            ? null
            : `outcome ${outcome}: a new (document, span) must create a label`;
        },
      );
      const labelId = state ? savedLabel(state)?.labelId : undefined;
      if (labelId) created.push(labelId);
    }
    if (!timeLeft()) break;
    await callAction("mark done", queryId, target.actionIds.recordProgress, { action: "done" });
    // the workspace's beacon releases the lock as the browser moves on to "next"
    if (timeLeft())
      await step("release lock", async () => {
        const answer = await connection.send({
          method: "POST",
          path: `/api/sets/${target.setId}/queries/${queryId}/lock/release`,
          headers: { cookie, origin: target.base, "content-length": "0" },
        });
        return {
          ms: answer.ms,
          bytes: answer.bodyBytes,
          result: answer.status === 204 ? true : `${answer.status} ${answer.body.slice(0, 120)}`,
        };
      });
  }
  return { created, queueEnded: false };
}

/** Waits `ms`, or until the deadline if that comes first. */
function pause(ms: number, deadline: number): Promise<void> {
  const wait = Math.max(0, Math.min(ms, deadline - performance.now()));
  return new Promise((resolve) => setTimeout(resolve, wait));
}

/** createLabel's answer (app/(app)/sets/[id]/queries/[queryId]/actions.ts). */
function savedLabel(state: ActionState): { outcome?: string; labelId?: string } | undefined {
  return state.data as { outcome?: string; labelId?: string } | undefined;
}

function actionHeaders(options: {
  target: LoadTarget;
  actionId: string;
  cookie: string;
  contentType: string;
}): Record<string, string> {
  return {
    "next-action": options.actionId,
    accept: "text/x-component",
    origin: options.target.base,
    "content-type": options.contentType,
    ...(options.cookie ? { cookie: options.cookie } : {}),
  };
}

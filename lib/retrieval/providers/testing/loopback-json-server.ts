import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import {
  closeServer,
  listenOnLoopback,
  readBody,
  safeJson,
  send,
  sendRateLimited,
} from "@/lib/retrieval/providers/testing/loopback-http";

/** The failure modes every loopback test server plays the same way; each server adds its own. */
export type SharedLoopbackBehaviour =
  | { kind: "unauthorized" }
  | { kind: "rate-limited"; times: number; retryAfterSeconds?: number } // then answers normally
  | { kind: "rate-limited-forever"; retryAfterSeconds?: number }
  | { kind: "malformed-json" }
  | { kind: "slow"; delayMs: number }; // then answers normally

const SHARED_KINDS = new Set([
  "unauthorized",
  "rate-limited",
  "rate-limited-forever",
  "malformed-json",
  "slow",
]);

function isShared(behaviour: { kind: string }): behaviour is SharedLoopbackBehaviour {
  return SHARED_KINDS.has(behaviour.kind);
}

/** One request as the server received it, its body parsed as JSON (undefined when it is not). */
export type LoopbackRequest = { path: string; body: unknown; authorization: string | undefined };

export type LoopbackServer<Behaviour> = {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  behave(behaviour: Behaviour): void;
  /** Every request received, in order (also those answered with an error). */
  requests: LoopbackRequest[];
  close(): Promise<void>;
};

/** What the server's own `answer` gets: the request, where to answer, and the behaviour to play. */
export type LoopbackExchange<Behaviour> = {
  request: IncomingMessage;
  response: ServerResponse;
  path: string;
  body: unknown;
  behaviour: Behaviour;
};

/**
 * A JSON server on a free port of 127.0.0.1 for tests of HTTP clients. It records every request,
 * answers 401 without `Authorization: Bearer <apiKey>` when an apiKey is given, and plays the
 * shared failure modes itself; everything else — normal answers and a server's own modes — goes
 * to `answer`. A request is answered as the server was told to behave when it arrived: a request
 * the client gave up on in one test must not be answered (and counted) under the next test's
 * behaviour.
 */
export async function startLoopbackJsonServer<Behaviour extends { kind: string }>(options: {
  /** How it behaves from the start, and after a shared mode that lets a request through. */
  normal: Behaviour;
  apiKey?: string;
  /** The body of a 401, in the error format of the service the server plays. */
  unauthorizedBody: unknown;
  /** The body of a 429, likewise. */
  rateLimitedBody: unknown;
  /** The start of a JSON answer cut short, for "malformed-json". */
  truncatedJson: string;
  answer(exchange: LoopbackExchange<Behaviour>): void;
}): Promise<LoopbackServer<Behaviour | SharedLoopbackBehaviour>> {
  let behaviour: Behaviour | SharedLoopbackBehaviour = options.normal;
  let rateLimitedSoFar = 0;
  const requests: LoopbackRequest[] = [];
  const server = createServer((request, response) => {
    void handle(request, response, behaviour);
  });

  async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    current: Behaviour | SharedLoopbackBehaviour,
  ): Promise<void> {
    const body = safeJson(await readBody(request));
    const path = request.url ?? "/";
    const authorization = request.headers.authorization;
    requests.push({ path, body, authorization });
    if (options.apiKey && authorization !== `Bearer ${options.apiKey}`)
      return send(response, 401, options.unauthorizedBody);
    if (isShared(current)) {
      switch (current.kind) {
        case "unauthorized":
          return send(response, 401, options.unauthorizedBody);
        case "rate-limited":
          if (rateLimitedSoFar++ < current.times)
            return sendRateLimited(response, current.retryAfterSeconds, options.rateLimitedBody);
          break;
        case "rate-limited-forever":
          return sendRateLimited(response, current.retryAfterSeconds, options.rateLimitedBody);
        case "malformed-json":
          response.writeHead(200, { "content-type": "application/json" });
          return void response.end(options.truncatedJson);
        case "slow":
          await new Promise((resolve) => setTimeout(resolve, current.delayMs));
          break;
      }
    }
    const answering = isShared(current) ? options.normal : current;
    options.answer({ request, response, path, body, behaviour: answering });
  }

  const origin = await listenOnLoopback(server);
  return {
    origin,
    behave(next) {
      behaviour = next;
      rateLimitedSoFar = 0;
    },
    requests,
    close: () => closeServer(server),
  };
}

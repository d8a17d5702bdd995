import http from "node:http";

/**
 * One browser's connection to the app: a keep-alive agent with a single socket, so an
 * annotator's requests go one after another over the same connection, as a tab's do. node:http
 * rather than fetch: on a 2-core machine the load generator shares the CPU with the server, and
 * node:http costs it less per request.
 */
export type Connection = {
  send(request: OutgoingRequest): Promise<Answer>;
  close(): void;
};

type OutgoingRequest = {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's size in bytes (uncompressed: the client asks for no encoding). */
  bodyBytes: number;
  /** From writing the request to the last byte of the body, in milliseconds. */
  ms: number;
};

/** How long one request may take before it counts as an error (the run stays bounded). */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * How long an idle connection is kept for the next request. Below the server's keep-alive
 * timeout (Node's 5 s, which `next start` keeps) with a wide margin: a request sent on a socket
 * the server is closing at that instant fails with ECONNRESET, a race browsers hide by retrying
 * and clients such as undici avoid by expiring idle sockets early, as this does.
 */
const IDLE_SOCKET_MS = 2_000;

export function openConnection(base: string, options: { idleSocketMs?: number } = {}): Connection {
  const url = new URL(base);
  // `timeout` is the idle timeout of a free socket (the agent destroys it); a request in flight
  // has its own, REQUEST_TIMEOUT_MS
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: 1,
    timeout: options.idleSocketMs ?? IDLE_SOCKET_MS,
  });
  return {
    send: (request) =>
      new Promise<Answer>((resolve, reject) => {
        const started = performance.now();
        const outgoing = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            method: request.method,
            path: request.path,
            headers: {
              ...request.headers,
              ...(request.body === undefined ? {} : { "content-length": Buffer.byteLength(request.body) }),
            },
            timeout: REQUEST_TIMEOUT_MS,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("error", reject);
            response.on("end", () => {
              const body = Buffer.concat(chunks);
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: body.toString("utf8"),
                bodyBytes: body.length,
                ms: performance.now() - started,
              });
            });
          },
        );
        outgoing.on("timeout", () =>
          outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
        );
        outgoing.on("error", reject);
        outgoing.end(request.body);
      }),
    close: () => agent.destroy(),
  };
}

/** The `name=value` pairs of Set-Cookie headers, as a Cookie header sends them back. */
export function cookieHeader(headers: http.IncomingHttpHeaders): string {
  return (headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
}

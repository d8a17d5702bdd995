import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// The small HTTP pieces the loopback test servers share.

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/** The parsed JSON body, or undefined when it is not JSON (the servers answer that themselves). */
export function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** Closes the server and every open connection, so a test can also use it to play "unreachable". */
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

/** A 429 with an optional Retry-After header and the provider's own error body. */
export function sendRateLimited(
  response: ServerResponse,
  retryAfterSeconds: number | undefined,
  body: unknown,
): void {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (retryAfterSeconds !== undefined) headers["retry-after"] = String(retryAfterSeconds);
  response.writeHead(429, headers);
  response.end(JSON.stringify(body));
}

/** Listens on a free port of 127.0.0.1 and returns the server's origin. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A loopback URL nothing listens on: bind port 0, note it, close it. */
export async function findClosedPortOrigin(): Promise<string> {
  const server = createServer();
  const origin = await listenOnLoopback(server);
  await closeServer(server);
  return origin;
}

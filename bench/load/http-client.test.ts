import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openConnection } from "./http-client";

let server: http.Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A loopback server that answers after `delayMs` and counts the connections it accepted. */
async function startServer(delayMs = 0): Promise<{ base: string; connections: () => number }> {
  let connections = 0;
  server = http.createServer((_request, response) => {
    setTimeout(() => response.end("ok"), delayMs);
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, connections: () => connections };
}

describe("openConnection", () => {
  it("reuses its socket for back-to-back requests and opens a new one after the idle timeout", async () => {
    const { base, connections } = await startServer();
    const connection = openConnection(base, { idleSocketMs: 150 });
    for (let index = 0; index < 3; index++)
      expect((await connection.send({ method: "GET", path: "/" })).body).toBe("ok");
    expect(connections()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await connection.send({ method: "GET", path: "/" })).status).toBe(200);
    expect(connections()).toBe(2);
    connection.close();
  });

  it("waits for a slow answer longer than the idle timeout", async () => {
    const { base } = await startServer(400);
    const connection = openConnection(base, { idleSocketMs: 100 });
    const answer = await connection.send({ method: "GET", path: "/" });
    expect(answer.body).toBe("ok");
    expect(answer.ms).toBeGreaterThanOrEqual(390);
    connection.close();
  });
});

import { afterAll, beforeAll, beforeEach } from "vitest";
import type { LoopbackServer } from "@/lib/retrieval/providers/testing/loopback-json-server";

/**
 * Registers the hooks the HTTP client tests share: one loopback server for the file, and before
 * each test the server back to answering normally, its requests forgotten and a new list for the
 * waits the client's retry would sleep. Returns the server and that list, as the tests see them.
 */
export function setUpLoopbackServer<Server extends LoopbackServer<{ kind: string }>>(
  start: () => Promise<Server>,
): { server: Server; sleeps: number[] } {
  const world = { sleeps: [] as number[] } as { server: Server; sleeps: number[] };
  beforeAll(async () => {
    world.server = await start();
  });
  afterAll(() => world.server.close());
  beforeEach(() => {
    world.server.behave({ kind: "ok" });
    world.server.requests.length = 0;
    world.sleeps = [];
  });
  return world;
}

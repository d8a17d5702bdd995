import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Db } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import type { JudgingServices } from "@/lib/judging/judging-services";
import { type FakeChatServer, startFakeChatServer } from "@/lib/judging/testing/fake-chat-server";
import {
  fakeJudgingServices,
  type JudgingFixture,
  seedJudgingFixture,
} from "@/lib/judging/testing/judging-fixture";

export type JudgingTestWorld = {
  prisma: Db;
  server: FakeChatServer;
  fixture: JudgingFixture;
  services: JudgingServices;
};

/**
 * Registers the hooks the judging tests share: one fake chat server for the file, and before
 * each test a fresh database seeded with the judging fixture and the server's script cleared.
 * Returns the world the tests use, filled in anew before each test (a test may replace a part
 * of it, e.g. `services`, for itself).
 */
export function setUpJudgingTests(): JudgingTestWorld {
  const world = {} as JudgingTestWorld;
  let server: FakeChatServer;
  let database: TestDatabase;
  beforeAll(async () => {
    server = await startFakeChatServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    database = createTestDatabase();
    server.reset();
    const fixture = await seedJudgingFixture(database.prisma);
    Object.assign(world, { prisma: database.prisma, server, fixture, services: fakeJudgingServices(server) });
  });
  afterEach(async () => {
    await database.dispose();
  });
  return world;
}

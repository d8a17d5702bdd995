import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimJobStatement } from "@/lib/db/claim-job";
import { JOB_LEASE_MS } from "@/lib/jobs/job-lease";

// The PostgreSQL form of the claim, run as Prisma would send it (the statement's $n text and
// values) on a real PostgreSQL 15 at 127.0.0.1:5432, in a scratch database with the columns of
// Prisma's "Job" that the claim touches. Several connections claim at once, as several worker
// machines would. (The SQLite form runs in every worker test; once the PostgreSQL Prisma client
// is merged, the worker tests and the three-process test run on PostgreSQL through it too.)

const ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";
const databaseName = `gs_workers_${randomBytes(4).toString("hex")}`;

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const available = await reachable();
if (!available)
  console.warn("PostgreSQL is not reachable at 127.0.0.1:5432: skipping the SKIP LOCKED claim tests");

const connections: pg.Client[] = [];
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:5432/${databaseName}` });
  await client.connect();
  connections.push(client);
  return client;
}

/** Runs the claim as worker `owner` on `client`; the claimed id or null. Dates go as ISO text, read as UTC. */
async function claim(client: pg.Client, owner: string, now = new Date()): Promise<string | null> {
  const statement = claimJobStatement({ provider: "postgresql", owner, now });
  const values = statement.values.map((value) => (value instanceof Date ? value.toISOString() : value));
  const result = await client.query<{ id: string }>(statement.text, values);
  return result.rows[0]?.id ?? null;
}

let setup: pg.Client;

describe.skipIf(!available)("claiming a job on PostgreSQL (FOR UPDATE SKIP LOCKED)", () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    await admin.end();
    setup = await connect();
    // Prisma's PostgreSQL mapping of the Job columns the claim reads and writes
    await setup.query(`
      CREATE TABLE "Job" (
        "id" TEXT PRIMARY KEY,
        "kind" TEXT NOT NULL,
        "status" TEXT NOT NULL DEFAULT 'queued',
        "attempts" INTEGER NOT NULL DEFAULT 0,
        "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
        "startedAt" TIMESTAMP(3),
        "heartbeatAt" TIMESTAMP(3),
        "leaseOwner" TEXT,
        "leaseExpiresAt" TIMESTAMP(3)
      )`);
    await setup.query(`CREATE INDEX "Job_status_createdAt_idx" ON "Job"("status", "createdAt")`);
  });

  afterAll(async () => {
    for (const client of connections) await client.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  });

  beforeEach(async () => {
    await setup.query(`DELETE FROM "Job"`);
  });

  /** `count` queued jobs created a millisecond apart: job-00 is the oldest. */
  async function queueJobs(count: number) {
    const base = Date.UTC(2026, 11, 1, 7, 0, 0);
    for (let index = 0; index < count; index++) {
      const id = `job-${String(index).padStart(2, "0")}`;
      await setup.query(`INSERT INTO "Job" ("id", "kind", "createdAt") VALUES ($1, 'evaluate-run', $2)`, [
        id,
        new Date(base + index).toISOString(),
      ]);
    }
  }

  it("takes the oldest queued job under a lease, counting the attempt; nothing when none is queued", async () => {
    await queueJobs(2);
    const now = new Date(Date.UTC(2026, 11, 1, 7, 30, 0, 250));
    expect(await claim(setup, "host-a:1:x", now)).toBe("job-00");
    const { rows } = await setup.query(
      `SELECT "status", "attempts", "leaseOwner", "startedAt", "heartbeatAt", "leaseExpiresAt" FROM "Job" WHERE "id" = 'job-00'`,
    );
    expect(rows[0]).toMatchObject({ status: "running", attempts: 1, leaseOwner: "host-a:1:x" });
    const readAsUtc = (value: Date) => value.getTime() - value.getTimezoneOffset() * 60_000;
    expect(readAsUtc(rows[0].startedAt)).toBe(now.getTime());
    expect(readAsUtc(rows[0].heartbeatAt)).toBe(now.getTime());
    expect(readAsUtc(rows[0].leaseExpiresAt) - readAsUtc(rows[0].startedAt)).toBe(JOB_LEASE_MS);
    expect(await claim(setup, "host-b:2:y")).toBe("job-01");
    expect(await claim(setup, "host-c:3:z")).toBeNull();
  });

  it("skips a job another worker's open transaction holds instead of waiting for it", async () => {
    await queueJobs(2);
    const [first, second] = [await connect(), await connect()];
    await first.query("BEGIN");
    try {
      expect(await claim(first, "host-a:1:x")).toBe("job-00");
      // first has not committed: its row is locked; second must not block on it nor take it
      const started = Date.now();
      expect(await claim(second, "host-b:2:y")).toBe("job-01");
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(await claim(second, "host-b:2:y")).toBeNull();
    } finally {
      await first.query("COMMIT");
    }
    const { rows } = await setup.query(`SELECT "id", "leaseOwner" FROM "Job" ORDER BY "id"`);
    expect(rows).toEqual([
      { id: "job-00", leaseOwner: "host-a:1:x" },
      { id: "job-01", leaseOwner: "host-b:2:y" },
    ]);
  });

  it("gives every job to exactly one of eight workers claiming at the same moment", async () => {
    const jobCount = 60;
    await queueJobs(jobCount);
    const workers = await Promise.all(Array.from({ length: 8 }, () => connect()));
    const claimedBy = await Promise.all(
      workers.map(async (client, index) => {
        const mine: string[] = [];
        for (;;) {
          const id = await claim(client, `host-${index}:${index}:w`);
          if (id === null) return mine;
          mine.push(id);
        }
      }),
    );
    const all = claimedBy.flat();
    expect(all).toHaveLength(jobCount);
    expect(new Set(all).size).toBe(jobCount);
    // SKIP LOCKED: nobody came back empty-handed while another held a row, so work was shared
    expect(claimedBy.filter((mine) => mine.length > 0).length).toBeGreaterThan(1);
    const { rows } = await setup.query(
      `SELECT COUNT(*)::int AS "n" FROM "Job" WHERE "status" = 'running' AND "attempts" = 1`,
    );
    expect(rows[0].n).toBe(jobCount);
    for (const [index, mine] of claimedBy.entries()) {
      const owned = await setup.query(`SELECT "id" FROM "Job" WHERE "leaseOwner" = $1 ORDER BY "id"`, [
        `host-${index}:${index}:w`,
      ]);
      expect(owned.rows.map((row) => row.id)).toEqual([...mine].sort());
    }
  });
});

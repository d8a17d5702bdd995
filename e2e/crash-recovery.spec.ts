import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import {
  type LoopbackProviderServer,
  startLoopbackProviderServer,
} from "../lib/retrieval/providers/testing/loopback-provider-server";
import { DEMO_SET_NAME, signIn } from "./helpers";
import { lanePort } from "./ports";
import { expect, test } from "./test";

// The crash test: a production server is SIGKILLed (its whole process group) while a job runs, and
// started again at once on the same SQLite file. The job must end within a minute — succeeded, or
// failed with a message — and no run or sweep point may stay running. The job is "long" because
// its embeddings server (on loopback, run here) holds the first request until the server is dead;
// after the restart it answers at once. This spec starts and kills its own server on
// E2E_CRASH_PORT (default its lane's port + 8, e2e/ports.ts), through e2e/serve.sh.
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.E2E_CRASH_PORT ?? lanePort(8));
const BASE_URL = `http://127.0.0.1:${PORT}`;
const KEY = "sk-e2e-loopback"; // serve.sh: E2E_PROVIDER_KEY
const RECOVERY_DEADLINE_MS = 60_000;

type Server = { process: ChildProcess; output: () => string };

let databaseDir: string;
let server: Server | undefined;
let providers: LoopbackProviderServer;
let evaluateUrl: string;

/** serve.sh in its own process group (so one kill reaches npx, next and the server), ready or not. */
function launch(): Server {
  let output = "";
  const child = spawn("bash", ["e2e/serve.sh", "demo", String(PORT)], {
    detached: true,
    env: { ...process.env, E2E_DATABASE_DIR: databaseDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { process: child, output: () => output };
}

async function waitUntilServing(started: Server, deadline: number): Promise<void> {
  for (;;) {
    if (started.process.exitCode !== null) throw new Error(`The server exited:\n${started.output()}`);
    const healthy = await fetch(`${BASE_URL}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** SIGKILL to the whole group, as a crash or an OOM kill would; resolves once bash is gone. */
async function crash(running: Server): Promise<void> {
  const exited = new Promise((resolve) => running.process.once("exit", resolve));
  process.kill(-running.process.pid!, "SIGKILL");
  await exited;
  // the port is free once every process of the group is gone
  await expect
    .poll(
      () =>
        fetch(`${BASE_URL}/api/health`).then(
          () => "serving",
          () => "down",
        ),
      { timeout: 10_000 },
    )
    .toBe("down");
}

function readDatabase<T>(query: (database: Database.Database) => T): T {
  const database = new Database(path.join(databaseDir, "e2e.db"), { readonly: true, fileMustExist: true });
  try {
    return query(database);
  } finally {
    database.close();
  }
}

const unfinishedRuns = () =>
  readDatabase((database) =>
    database.prepare(`SELECT id, status FROM "Run" WHERE status IN ('queued', 'running')`).all(),
  );

async function jobStatus(page: Page, jobId: string): Promise<{ status: string; error: string | null }> {
  const response = await page.request.get(`${BASE_URL}/api/jobs/${jobId}`).catch(() => null);
  if (!response?.ok()) return { status: "unreachable", error: null };
  return (await response.json()) as { status: string; error: string | null };
}

/**
 * Submits the evaluate form with dense retrieval through the loopback embeddings server; returns
 * what the API answered (ids of the run or sweep and of its job).
 */
async function submitDenseEvaluation(page: Page, options: { name: string; sweepSizes?: string }) {
  await page.goto(evaluateUrl);
  await page.getByTestId("retriever-kind").selectOption("dense-http");
  await page.getByTestId("field-embeddingBaseUrl").fill(`${providers.origin}/v1`);
  await page.getByTestId("field-embeddingModel").fill(options.name.replaceAll(" ", "-"));
  await page.getByTestId("field-embeddingApiKeyEnv").fill("E2E_PROVIDER_KEY");
  if (options.sweepSizes) {
    await page.getByTestId("sweep-section").locator("summary").click();
    await page.getByTestId("sweep-axis-1-path").selectOption("chunking.size");
    await page.getByTestId("sweep-axis-1-values").fill(options.sweepSizes);
  }
  await page.getByTestId("config-name").fill(options.name);
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && /\/api\/sets\/[^/]+\/(runs|sweeps)$/.test(response.url()),
  );
  await page.getByTestId("run-evaluation").click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { jobId?: string; runId?: string; sweepId?: string; jobIds?: string[] };
}

/**
 * One of `jobIds` is claimed and stuck in the embeddings call; the server is killed and started
 * again at once; returns the jobs' end states, which must all come within RECOVERY_DEADLINE_MS of
 * the restart.
 */
async function crashAndRestartDuringJobs(page: Page, jobIds: string[], requestsBefore: number) {
  await expect.poll(() => embeddingRequests() > requestsBefore, { timeout: 30_000 }).toBe(true);
  const statuses = await Promise.all(jobIds.map((jobId) => jobStatus(page, jobId)));
  const stuck = jobIds[statuses.findIndex((job) => job.status === "running")];
  expect(stuck, JSON.stringify(statuses)).toBeDefined();
  await crash(server!);
  providers.behave({ kind: "ok" });

  const restartedAt = Date.now();
  server = launch();
  await waitUntilServing(server, restartedAt + RECOVERY_DEADLINE_MS);
  const ends: { status: string; error: string | null }[] = [];
  for (const jobId of jobIds) {
    let end = await jobStatus(page, jobId);
    while (end.status !== "succeeded" && end.status !== "failed") {
      expect(Date.now() - restartedAt, `job ${jobId} is still ${end.status}`).toBeLessThan(
        RECOVERY_DEADLINE_MS,
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
      end = await jobStatus(page, jobId);
    }
    if (end.status === "failed") expect(end.error ?? "").not.toBe("");
    ends.push(end);
  }
  const recovered = server.output().match(new RegExp(`Job ${stuck} requeued: .*`))?.[0];
  test.info().annotations.push({
    type: "recovery",
    description: `${recovered}; jobs ${ends.map((end) => end.status).join(", ")} ${((Date.now() - restartedAt) / 1000).toFixed(1)} s after the restart`,
  });
  expect(recovered, server.output()).toBeDefined();
  return ends;
}

const embeddingRequests = () =>
  providers.requests.filter((request) => request.path === "/v1/embeddings").length;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  databaseDir = mkdtempSync(path.join(tmpdir(), "goldenset-crash-"));
  providers = await startLoopbackProviderServer({ apiKey: KEY, defaultDimensions: 32 });
  server = launch();
  await waitUntilServing(server, Date.now() + 150_000);
  const page = await browser.newPage();
  await signIn(page, {
    baseUrl: BASE_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  await page.goto(`${BASE_URL}/sets`);
  await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).click();
  await page.getByTestId("evaluate-link").click();
  await expect(page.getByTestId("evaluate-form")).toBeVisible();
  evaluateUrl = page.url();
  await page.close();
});

test.afterAll(async () => {
  if (server?.process.exitCode === null) process.kill(-server.process.pid!, "SIGKILL");
  await providers?.close();
  if (databaseDir) rmSync(databaseDir, { recursive: true, force: true });
});

test("a run whose server is killed mid-job ends within a minute of an immediate restart", async ({
  page,
}) => {
  await signIn(page, {
    baseUrl: BASE_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  // held far longer than the test needs to kill the server; never answered to the dead server
  providers.behave({ kind: "slow", delayMs: 25_000 });
  const requestsBefore = embeddingRequests();
  const { jobId, runId } = await submitDenseEvaluation(page, { name: "crash run" });

  const ends = await crashAndRestartDuringJobs(page, [jobId!], requestsBefore);
  expect(ends.map((end) => end.status)).toEqual(["succeeded"]);
  expect(unfinishedRuns()).toEqual([]);
  await page.goto(`${BASE_URL}/runs/${runId}`);
  await expect(page.getByTestId("run-status")).toContainText(/succeeded/i);
});

test("a sweep whose server is killed mid-job leaves no point running", async ({ page }) => {
  await signIn(page, {
    baseUrl: BASE_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  providers.behave({ kind: "slow", delayMs: 25_000 });
  const requestsBefore = embeddingRequests();
  // each point is its own job: one is stuck when the server dies, the other waits in the queue
  const { jobIds, sweepId } = await submitDenseEvaluation(page, {
    name: "crash sweep",
    sweepSizes: "300, 500",
  });

  expect(jobIds).toHaveLength(2);
  const ends = await crashAndRestartDuringJobs(page, jobIds!, requestsBefore);
  expect(ends.map((end) => end.status)).toEqual(["succeeded", "succeeded"]);
  expect(unfinishedRuns()).toEqual([]);
  const points = readDatabase((database) =>
    database.prepare(`SELECT status FROM "Run" WHERE sweepId = ?`).all(sweepId),
  );
  expect(points).toEqual([{ status: "succeeded" }, { status: "succeeded" }]);
});

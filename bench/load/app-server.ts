import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** The production build served by `next start` on loopback, on the database a bench made. */
export type AppServer = {
  base: string;
  /** CPU seconds (user + system) the server process has used so far; null where /proc is missing. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
};

/** Throws the message a person needs when there is no production build to serve. */
export function requireProductionBuild(root: string): void {
  if (!existsSync(path.join(root, ".next", "BUILD_ID")))
    throw new Error("No production build in .next: run `npx next build` first (about 3 minutes).");
}

/** A port nothing listens on now, chosen by the OS (the bench's `--port` overrides it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts `next start -H 127.0.0.1` on `databaseUrl`, as `npm start` runs it (the in-process job
 * worker included unless `worker: false`), and waits until GET /api/health answers. AUTH_SECRET is a fresh random one so
 * nothing is written beside the database.
 */
export async function startAppServer(options: {
  root: string;
  databaseUrl: string;
  port: number;
  /** false: no in-process job worker (GOLDENSET_WORKER=off), for a database with no jobs to run. */
  worker?: boolean;
}): Promise<AppServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    path.join(options.root, "node_modules", ".bin", "next"),
    ["start", "-p", String(options.port), "-H", "127.0.0.1"],
    {
      cwd: options.root,
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        PORT: String(options.port),
        AUTH_SECRET: randomBytes(32).toString("hex"),
        NEXT_TELEMETRY_DISABLED: "1",
        ...(options.worker === false ? { GOLDENSET_WORKER: "off" } : {}),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const server = {
    base,
    cpuSeconds: () => processCpuSeconds(child.pid),
    stop: () => stopChild(child, exited),
  };
  try {
    await waitForHealth(base, exited);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(base: string, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error("`next start` exited before it answered (see its output above).");
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer on ${base} within 60 s.`);
}

/** SIGTERM, then SIGKILL if it has not exited 10 s later. */
async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * utime + stime of a Linux process from /proc/<pid>/stat (fields 14 and 15, in clock ticks of
 * 1/100 s), read after the parenthesized command name, which may contain spaces.
 */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is field 3 (state): utime is field 14, stime field 15
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

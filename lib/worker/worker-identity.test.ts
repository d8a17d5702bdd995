import { spawn, spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { currentWorkerIdentity, isProcessAlive } from "@/lib/worker/worker-identity";

describe("currentWorkerIdentity", () => {
  it("is this host and pid, with a boot id that stays for the life of the process", () => {
    const identity = currentWorkerIdentity();
    expect(identity).toMatchObject({ host: hostname(), pid: process.pid });
    expect(identity.bootId).toMatch(/^[0-9a-f]{12}$/);
    expect(currentWorkerIdentity()).toEqual(identity);
  });
});

describe("isProcessAlive", () => {
  it("is true for a running process and false for one that ended", () => {
    expect(isProcessAlive(process.pid)).toBe(true);
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    expect(isProcessAlive(Number(ended.stdout.toString()))).toBe(false);
  });

  it("is false for a zombie: killed, but its parent has not reaped it", async () => {
    // sh starts a short sleep in the background, then becomes a long sleep that never reaps it
    const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 30"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const pid = Number(
        await new Promise<string>((resolve) =>
          parent.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString())),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(() => process.kill(pid, 0)).not.toThrow(); // the pid still exists…
      expect(isProcessAlive(pid)).toBe(false); // …but will never renew a lease
    } finally {
      parent.kill("SIGKILL");
    }
  });
});

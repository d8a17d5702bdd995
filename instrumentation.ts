/** Next.js start-up hook: the durable job worker runs inside the server process. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/lib/env");
  if (env().GOLDENSET_DISABLE_WORKER === "1") return;
  const { db } = await import("@/lib/db/client");
  const { startWorker } = await import("@/lib/worker/worker");
  startWorker(db());
}

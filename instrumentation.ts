/** Next.js start-up hook: records socket addresses, and runs the durable job worker in the server process. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First: per-client sign-in limits need each request's socket address (see the module).
  const { capturePeerAddresses } = await import("@/lib/auth/peer-address");
  capturePeerAddresses();
  const { env } = await import("@/lib/env");
  if (env().GOLDENSET_WORKER === "off") return;
  const { db } = await import("@/lib/db/client");
  const { startWorker } = await import("@/lib/worker/worker");
  startWorker(db());
}

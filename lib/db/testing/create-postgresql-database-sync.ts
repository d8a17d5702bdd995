import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from "node:worker_threads";

let bridge: { worker: Worker; replies: MessagePort } | undefined;

/** How long a database may take to appear (the first one builds the template: every migration). */
const CREATE_TIMEOUT_MS = 120_000;

/**
 * Creates PostgreSQL database `name` from the migrated template, synchronously (createTestDatabase()
 * is synchronous, as its callers expect): a worker thread with its own connection does it
 * (postgresql-database-worker.mjs) while this thread waits on a shared flag. It replaced a Node
 * process per database, ~0.25 s of CPU each, 136 times per PostgreSQL pass.
 */
export function createPostgresqlDatabaseSync(serverUrl: string, name: string, migrationsDir: string): void {
  if (!bridge) {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(new URL("./postgresql-database-worker.mjs", import.meta.url), {
      workerData: { port: port2 },
      transferList: [port2],
    });
    // neither keeps a test process alive
    worker.unref();
    port1.unref();
    bridge = { worker, replies: port1 };
  }
  const signal = new Int32Array(new SharedArrayBuffer(4));
  bridge.worker.postMessage({ signal, serverUrl, name, migrationsDir });
  if (Atomics.wait(signal, 0, 0, CREATE_TIMEOUT_MS) === "timed-out") {
    throw new Error(`creating the PostgreSQL test database ${name} took over ${CREATE_TIMEOUT_MS / 1000} s`);
  }
  const reply = receiveMessageOnPort(bridge.replies)?.message as { error?: string } | undefined;
  if (reply?.error !== undefined) {
    throw new Error(`creating the PostgreSQL test database ${name} on ${serverUrl}: ${reply.error}`);
  }
}

// The worker thread behind createTestDatabase() on PostgreSQL (create-postgresql-database-sync.ts):
// it keeps one connection per server and creates each database asked for from the migrated
// template (create-postgresql-database.mjs), so a test database costs a CREATE DATABASE, not a Node
// process starting and connecting. A request carries a shared Int32Array: the reply is posted on
// the port first, then the flag is set and the waiting thread woken.
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { createFromTemplate } from "./create-postgresql-database.mjs";

/** @type {Map<string, Promise<pg.Client>>} */
const servers = new Map();

function connected(serverUrl) {
  let server = servers.get(serverUrl);
  if (!server) {
    const client = new pg.Client({ connectionString: serverUrl });
    server = client.connect().then(() => client);
    // a connection that fails or drops is made again on the next request
    client.on("error", () => servers.delete(serverUrl));
    server.catch(() => servers.delete(serverUrl));
    servers.set(serverUrl, server);
  }
  return server;
}

parentPort.on("message", async ({ signal, serverUrl, name, migrationsDir }) => {
  let reply = {};
  try {
    await createFromTemplate(await connected(serverUrl), serverUrl, name, migrationsDir);
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  workerData.port.postMessage(reply);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});

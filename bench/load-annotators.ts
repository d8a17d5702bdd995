import path from "node:path";
import { parseArgs } from "node:util";
import {
  type ActionIds,
  REQUEST_KINDS,
  type RequestRecord,
  runAnnotator,
  signIn,
} from "./load/annotator-loop";
import { freePort, requireProductionBuild, startAppServer } from "./load/app-server";
import { checkSavedLabels, labelCheckPassed } from "./load/check-saved-labels";
import { createFreshDatabase } from "./load/fresh-database";
import { type Connection, openConnection } from "./load/http-client";
import { latencyTable, type Sample, summarizeLatencies } from "./load/latency-summary";
import { serverActionIds } from "./load/next-actions";
import { type BenchAnnotator, openBenchDatabase, prepareAnnotators } from "./load/prepare-annotators";

/**
 * Issue 14's load test: `--annotators` simulated annotators (default 50), each signed in with its
 * own session over its own connection, loading the next query and saving labels against the
 * production build on loopback for `--duration` seconds (default 60), on a fresh SQLite file or
 * a fresh database on the PostgreSQL server `--database postgresql://…` names. Reports
 * requests/s and p50/p95/p99 per request kind and overall, errors (must be 0), and whether every
 * label the app said it saved is in the database afterwards. Peer in the same run: the same loop
 * by one annotator alone for `--alone` seconds first (also the warm-up), so each p50 under load
 * reads as a multiple of the unloaded one. Exit 1 on any error or label mismatch.
 * Needs `npx next build` first; builds nothing.
 */
const root = path.resolve(import.meta.dirname, "..");

type Session = {
  annotator: BenchAnnotator;
  connection: Connection;
  cookie: string;
  savesByQuery: Map<string, number>;
};

const WORKSPACE_ACTIONS = "app/(app)/sets/[id]/queries/[queryId]/actions.ts";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      database: { type: "string", default: "sqlite" },
      duration: { type: "string", default: "60" },
      annotators: { type: "string", default: "50" },
      "labels-per-query": { type: "string", default: "3" },
      alone: { type: "string", default: "10" },
      port: { type: "string" },
    },
  });
  const durationMs = positive(values.duration, "duration") * 1000;
  const annotatorCount = positive(values.annotators, "annotators");
  const labelsPerQuery = positive(values["labels-per-query"], "labels-per-query");
  const aloneMs = positive(values.alone, "alone") * 1000;

  requireProductionBuild(root);
  const actionIds: ActionIds = serverActionIds({
    root,
    actions: {
      signIn: { filename: "app/sign-in/actions.ts", exportedName: "signInAction" },
      holdLock: { filename: WORKSPACE_ACTIONS, exportedName: "holdQueryLockAction" },
      releaseLock: { filename: WORKSPACE_ACTIONS, exportedName: "releaseQueryLockAction" },
      createQuoteLabel: { filename: WORKSPACE_ACTIONS, exportedName: "createQuoteLabelAction" },
    },
  });

  let started = performance.now();
  const database = await createFreshDatabase({ root, database: values.database });
  const prisma = openBenchDatabase(database.url);
  const connections: Connection[] = [];
  try {
    say(`${database.description}: migrated and seeded in ${seconds(started)}`);
    started = performance.now();
    const prepared = await prepareAnnotators(prisma, { count: annotatorCount });
    say(`${annotatorCount} annotators added and the demo set's queries assigned in ${seconds(started)}`);

    const port = values.port ? positive(values.port, "port") : await freePort();
    const server = await startAppServer({ root, databaseUrl: database.url, port });
    const target = {
      base: server.base,
      setId: prepared.setId,
      actionIds,
      documents: prepared.documents,
      labelsPerQuery,
    };
    const savedIds: string[] = [];
    const runs = { alone: [] as Sample[], load: [] as Sample[] };
    const errors = new Map<string, number>();
    let loadElapsedMs = 0;
    try {
      // One at a time: each right password gives the loopback address its attempt back, so the
      // per-address sign-in limit (lib/throttle) never fills up.
      started = performance.now();
      const sessions: Session[] = [];
      for (const annotator of prepared.annotators) {
        const connection = openConnection(server.base);
        connections.push(connection);
        const cookie = await signIn({ connection, target, annotator });
        sessions.push({ annotator, connection, cookie, savesByQuery: new Map<string, number>() });
      }
      const throttles = await prisma.signInThrottle.findMany({ select: { key: true, failures: true } });
      say(
        `${sessions.length} sessions signed in through the sign-in form's action in ${seconds(started)}` +
          ` (throttle counters after: ${throttles.map((row) => `${row.key} ${row.failures}`).join(", ") || "none"})`,
      );

      const runPhase = async (phase: "alone" | "load", chosen: typeof sessions, lengthMs: number) => {
        const record = (entry: RequestRecord) => {
          runs[phase].push({ kind: entry.kind, ms: entry.ms, ok: entry.error === null });
          if (entry.error !== null) {
            const key = `${phase}: ${entry.kind}: ${entry.error}`;
            errors.set(key, (errors.get(key) ?? 0) + 1);
          }
        };
        const start = performance.now();
        const created = await Promise.all(
          chosen.map((session) => runAnnotator({ ...session, target, deadline: start + lengthMs, record })),
        );
        savedIds.push(...created.flat());
        return performance.now() - start;
      };
      const aloneElapsedMs = await runPhase("alone", sessions.slice(0, 1), aloneMs);
      say(`one annotator alone for ${(aloneElapsedMs / 1000).toFixed(1)} s; now ${sessions.length} at once`);
      loadElapsedMs = await runPhase("load", sessions, durationMs);

      const alone = summarizeLatencies({
        samples: runs.alone,
        kinds: REQUEST_KINDS,
        elapsedMs: aloneElapsedMs,
      });
      const load = summarizeLatencies({ samples: runs.load, kinds: REQUEST_KINDS, elapsedMs: loadElapsedMs });
      say(
        `\n${database.provider}: ${sessions.length} annotators for ${(loadElapsedMs / 1000).toFixed(1)} s, ` +
          `${labelsPerQuery} labels per query opened`,
      );
      process.stdout.write(latencyTable(load, alone));
      say(`\npeer: one annotator alone, ${(aloneElapsedMs / 1000).toFixed(1)} s`);
      process.stdout.write(latencyTable(alone));
    } finally {
      await server.stop();
    }

    const check = await checkSavedLabels(prisma, {
      savedIds,
      annotatorIds: prepared.annotators.map((annotator) => annotator.id),
      totalBefore: prepared.labelsBefore,
    });
    const errorCount = [...errors.values()].reduce((sum, count) => sum + count, 0);
    say(`\nerrors: ${errorCount}`);
    for (const [message, count] of [...errors].slice(0, 10)) say(`  ${count}× ${message}`);
    say(
      `labels saved (answered "created"): ${check.saved}; rows of the annotators in the database: ` +
        `${check.inDatabase}; saved ids missing: ${check.missing}; all labels ${check.totalBefore} → ${check.totalAfter}` +
        ` — ${labelCheckPassed(check) ? "every label saved is in the database" : "MISMATCH"}`,
    );
    return errorCount === 0 && labelCheckPassed(check) && check.saved > 0 ? 0 : 1;
  } finally {
    for (const connection of connections) connection.close();
    await prisma.$disconnect();
    await database.drop();
  }
}

function positive(value: string | undefined, name: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`--${name} must be a whole number ≥ 1 (got ${value}).`);
  return number;
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type ActionIds, REQUEST_KINDS, signIn } from "./load/annotator-loop";
import { freePort, requireProductionBuild, startAppServer } from "./load/app-server";
import { checkSavedLabels, labelCheckPassed } from "./load/check-saved-labels";
import { createFreshDatabase } from "./load/fresh-database";
import { type Connection, openConnection } from "./load/http-client";
import { type LatencyRow, latencyTable, summarizeLatencies } from "./load/latency-summary";
import { serverActionIds } from "./load/next-actions";
import { openBenchDatabase, prepareAnnotators } from "./load/prepare-annotators";
import { describeCpu, type PhaseResult, runPhase, type Session } from "./load/run-phase";
import { loadVerdicts } from "./load/verdicts";

/**
 * Issue 14's load test: `--annotators` simulated annotators (default 50), each signed in with its
 * own session over its own connection, loading the next query and saving labels against the
 * production build on loopback for `--duration` seconds (default 60), on a fresh SQLite file or
 * a fresh database on the PostgreSQL server `--database postgresql://…` names. Reports
 * requests/s and p50/p95/p99 per request kind and overall, errors (must be 0), and whether every
 * label the app said it saved is in the database afterwards. Peer in the same run: the same loop
 * by one annotator alone, without think time, for `--alone` seconds first (after `--warm-up`
 * seconds of the same, left out of the figures), so each p50 under load
 * reads as a multiple of the unloaded one; alone, the server's CPU is read from /proc around each
 * request, which gives the CPU per request kind. Every table gives the mean response size. The
 * loaded annotators start spread over `--ramp-up` seconds (default 0: all at once). Ends with a
 * verdict per target of issue 24. Exit 1 on any error or label mismatch.
 * Needs `npx next build` first; builds nothing.
 */
const root = path.resolve(import.meta.dirname, "..");

const WORKSPACE_ACTIONS = "app/(app)/sets/[id]/queries/[queryId]/actions.ts";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      database: { type: "string", default: "sqlite" },
      duration: { type: "string", default: "60" },
      annotators: { type: "string", default: "50" },
      "labels-per-query": { type: "string", default: "3" },
      alone: { type: "string", default: "10" },
      "warm-up": { type: "string", default: "10" },
      "think-ms": { type: "string", default: "0" },
      "ramp-up": { type: "string", default: "0" },
      port: { type: "string" },
    },
  });
  const durationMs = positive(values.duration, "duration") * 1000;
  const annotatorCount = positive(values.annotators, "annotators");
  const labelsPerQuery = positive(values["labels-per-query"], "labels-per-query");
  const aloneMs = positive(values.alone, "alone") * 1000;
  const warmUpMs = values["warm-up"] === "0" ? 0 : positive(values["warm-up"], "warm-up") * 1000;
  const thinkMs = values["think-ms"] === "0" ? 0 : positive(values["think-ms"], "think-ms");
  const rampUpMs = values["ramp-up"] === "0" ? 0 : positive(values["ramp-up"], "ramp-up") * 1000;

  requireProductionBuild(root);
  const actionIds: ActionIds = serverActionIds({
    root,
    actions: {
      signIn: { filename: "app/sign-in/actions.ts", exportedName: "signInAction" },
      holdLock: { filename: WORKSPACE_ACTIONS, exportedName: "holdQueryLockAction" },
      createQuoteLabel: { filename: WORKSPACE_ACTIONS, exportedName: "createQuoteLabelAction" },
      recordProgress: { filename: WORKSPACE_ACTIONS, exportedName: "recordProgressAction" },
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
    say(
      `${annotatorCount} annotators added; the demo set grown to ${prepared.queries} queries from the demo log and ` +
        `assigned (${prepared.assignments} assignments) in ${seconds(started)}`,
    );

    const port = values.port ? positive(values.port, "port") : await freePort();
    const server = await startAppServer({ root, databaseUrl: database.url, port });
    const target = {
      base: server.base,
      setId: prepared.setId,
      actionIds,
      documents: prepared.documents,
      labelsPerQuery,
      thinkMs,
    };
    let warmUp: PhaseResult | undefined;
    let alone: PhaseResult | undefined;
    let load: PhaseResult | undefined;
    let figures: { alone: LatencyRow[]; load: LatencyRow[] } | undefined;
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
      const throttles = await prisma.signInRateLimit.findMany({ select: { key: true, points: true } });
      say(
        `${sessions.length} sessions signed in through the sign-in form's action in ${seconds(started)}` +
          ` (throttle counters after: ${throttles.map((row) => `${row.key} ${row.points}`).join(", ") || "none"})`,
      );

      // Alone without think time: the unloaded latency is the same, and the figures get many
      // samples. The first requests compile routes and queries: the warm-up is left out of them.
      const lone = { sessions: sessions.slice(0, 1), target: { ...target, thinkMs: 0 }, server };
      if (warmUpMs > 0) warmUp = await runPhase({ ...lone, lengthMs: warmUpMs });
      alone = await runPhase({ ...lone, lengthMs: aloneMs, cpuPerRequest: true });
      say(`one annotator alone for ${(alone.elapsedMs / 1000).toFixed(1)} s; now ${sessions.length} at once`);
      const loadAverageBefore = os.loadavg()[0] ?? 0;
      load = await runPhase({ sessions, target, server, lengthMs: durationMs, rampUpMs });
      const loadAverageAfter = os.loadavg()[0] ?? 0;

      const aloneRows = summarizeLatencies({
        samples: alone.samples,
        kinds: REQUEST_KINDS,
        elapsedMs: alone.elapsedMs,
      });
      const loadRows = summarizeLatencies({
        samples: load.samples,
        kinds: REQUEST_KINDS,
        elapsedMs: load.elapsedMs,
      });
      figures = { alone: aloneRows, load: loadRows };
      say(
        `\n${database.provider}: ${sessions.length} annotators for ${(load.elapsedMs / 1000).toFixed(1)} s, ` +
          `${labelsPerQuery} labels per query opened, ${thinkMs ? `~${thinkMs} ms` : "no"} think time before each` +
          (rampUpMs ? `, starts spread over the first ${rampUpMs / 1000} s` : ""),
      );
      process.stdout.write(latencyTable(loadRows, aloneRows));
      say(describeCpu(load));
      say(
        `machine: ${os.availableParallelism()} cores, load average (1 min) ${loadAverageBefore.toFixed(1)} → ${loadAverageAfter.toFixed(1)}`,
      );
      if (load.queueEnded > 0)
        say(
          `${load.queueEnded} of ${sessions.length} annotators reached the end of their queue before the time was up`,
        );
      say(`\npeer: one annotator alone, ${(alone.elapsedMs / 1000).toFixed(1)} s`);
      process.stdout.write(latencyTable(aloneRows));
      say(describeCpu(alone));
    } finally {
      await server.stop();
    }

    const errors = new Map([
      ...[...(warmUp?.errors ?? [])].map(([message, count]) => [`warm-up: ${message}`, count] as const),
      ...[...(alone?.errors ?? [])].map(([message, count]) => [`alone: ${message}`, count] as const),
      ...[...(load?.errors ?? [])].map(([message, count]) => [`load: ${message}`, count] as const),
    ]);
    const savedIds = [...(warmUp?.created ?? []), ...(alone?.created ?? []), ...(load?.created ?? [])];
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
    if (figures) {
      say("\ntargets (issue 24):");
      const verdicts = loadVerdicts({
        ...figures,
        shape: { annotators: annotatorCount, thinkMs },
        outcome: { errors: errorCount, labelsChecked: labelCheckPassed(check) },
      });
      for (const line of verdicts) say(`  ${line}`);
    }
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
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

import path from "node:path";
import { parseArgs } from "node:util";
import { type LoadTarget, signIn } from "./load/annotator-loop";
import { type AppServer, requireProductionBuild, startAppServer } from "./load/app-server";
import { createFreshDatabase } from "./load/fresh-database";
import { type Connection, openConnection } from "./load/http-client";
import { actionRequestBody, actionStateOf, serverActionIds } from "./load/next-actions";
import { type BenchAnnotator, openBenchDatabase, prepareAnnotators } from "./load/prepare-annotators";

/**
 * What each workspace request costs the server: CPU (from /proc, ms per request) and answer size
 * (bytes), per request kind, for this tree's build and for a reference build (`--reference
 * <folder>` holding another checkout with its own `.next`, e.g. the commit before a change). Both
 * servers run on the same fresh SQLite database, each with an annotator of its own, and the kinds
 * are measured in alternating rounds (reference, then this tree) so load on a shared machine hits
 * both alike; the table prints medians over the rounds and the ratio this/reference.
 * Needs `npx next build` in both folders.
 */
const root = path.resolve(import.meta.dirname, "..");
const WORKSPACE_ACTIONS = "app/(app)/sets/[id]/queries/[queryId]/actions.ts";
const KINDS = ["workspace page", "hold lock", "save label", "mark done"] as const;
type Kind = (typeof KINDS)[number];
type Cost = { cpuMs: number; bytes: number };

type Side = {
  name: string;
  server: AppServer;
  connection: Connection;
  target: LoadTarget;
  cookie: string;
  queryId: string;
  saves: number;
  costs: Map<Kind, Cost[]>;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reference: { type: "string" },
      rounds: { type: "string", default: "5" },
      requests: { type: "string", default: "10" },
      ports: { type: "string", default: "3331,3332" },
    },
  });
  if (!values.reference) throw new Error("--reference <folder with a built checkout> is required.");
  const roots = [path.resolve(values.reference), root];
  for (const folder of roots) requireProductionBuild(folder);
  const rounds = Number(values.rounds);
  const requests = Number(values.requests);
  const ports = values.ports.split(",").map(Number);

  const database = await createFreshDatabase({ root, database: "sqlite" });
  const prisma = openBenchDatabase(database.url);
  const sides: Side[] = [];
  try {
    const prepared = await prepareAnnotators(prisma, { count: 2 });
    for (const [index, folder] of roots.entries()) {
      const server = await startAppServer({
        root: folder,
        databaseUrl: database.url,
        port: ports[index] ?? 3331 + index,
        worker: false,
      });
      const annotator = prepared.annotators[index] as BenchAnnotator;
      const target: LoadTarget = {
        base: server.base,
        setId: prepared.setId,
        actionIds: actionIdsOf(folder),
        documents: prepared.documents,
        labelsPerQuery: 1,
        thinkMs: 0,
      };
      const connection = openConnection(server.base);
      const cookie = await signIn({ connection, target, annotator });
      const name = index === 0 ? "reference" : "this tree";
      const side = { name, server, connection, target, cookie, queryId: "", saves: 0, costs: new Map() };
      side.queryId = await nextQuery(side);
      sides.push(side);
    }
    for (let round = 0; round < rounds; round++) {
      for (const side of sides) for (const kind of KINDS) await measure(side, kind, requests);
    }
    printTable(sides, { rounds, requests });
  } finally {
    for (const side of sides) {
      side.connection.close();
      await side.server.stop();
    }
    await prisma.$disconnect();
    await database.drop();
  }
}

function actionIdsOf(folder: string) {
  return serverActionIds({
    root: folder,
    actions: {
      signIn: { filename: "app/sign-in/actions.ts", exportedName: "signInAction" },
      holdLock: { filename: WORKSPACE_ACTIONS, exportedName: "holdQueryLockAction" },
      createQuoteLabel: { filename: WORKSPACE_ACTIONS, exportedName: "createQuoteLabelAction" },
      recordProgress: { filename: WORKSPACE_ACTIONS, exportedName: "recordProgressAction" },
    },
  });
}

async function nextQuery(side: Side): Promise<string> {
  const answer = await side.connection.send({
    method: "GET",
    path: `/sets/${side.target.setId}/next`,
    headers: { cookie: side.cookie },
  });
  const queryId = /\/queries\/([^/?#]+)/.exec(String(answer.headers.location ?? ""))?.[1];
  if (!queryId) throw new Error(`${side.name}: "next" answered ${answer.status}, no query.`);
  return queryId;
}

/** Sends `count` requests of one kind back to back; records the server's CPU and the bytes per request. */
async function measure(side: Side, kind: Kind, count: number): Promise<void> {
  const cpuBefore = side.server.cpuSeconds() ?? Number.NaN;
  let bytes = 0;
  for (let request = 0; request < count; request++) bytes += await send(side, kind);
  const cpuAfter = side.server.cpuSeconds() ?? Number.NaN;
  const costs = side.costs.get(kind) ?? [];
  costs.push({ cpuMs: ((cpuAfter - cpuBefore) * 1000) / count, bytes: bytes / count });
  side.costs.set(kind, costs);
}

async function send(side: Side, kind: Kind): Promise<number> {
  const { target, queryId } = side;
  if (kind === "workspace page") {
    const answer = await side.connection.send({
      method: "GET",
      path: `/sets/${target.setId}/queries/${queryId}`,
      headers: { cookie: side.cookie },
    });
    if (answer.status !== 200) throw new Error(`${side.name}: page answered ${answer.status}`);
    return Buffer.byteLength(answer.body);
  }
  const { actionId, input } = actionOf(side, kind);
  const request = await actionRequestBody([target.setId, queryId, input]);
  const answer = await side.connection.send({
    method: "POST",
    path: `/sets/${target.setId}/queries/${queryId}`,
    headers: {
      "next-action": actionId,
      accept: "text/x-component",
      origin: target.base,
      "content-type": request.contentType,
      cookie: side.cookie,
    },
    body: request.body,
  });
  const state = actionStateOf(answer.body);
  if (answer.status !== 200 || !state?.ok)
    throw new Error(`${side.name} ${kind}: ${answer.status} ${state?.error ?? answer.body.slice(0, 200)}`);
  return Buffer.byteLength(answer.body);
}

function actionOf(side: Side, kind: Exclude<Kind, "workspace page">): { actionId: string; input: unknown } {
  const { actionIds, documents } = side.target;
  if (kind === "hold lock") return { actionId: actionIds.holdLock, input: {} };
  if (kind === "mark done") return { actionId: actionIds.recordProgress, input: { action: "done" } };
  // every save a new (document, span), so each one creates a label
  const save = side.saves++;
  const document = documents[save % documents.length];
  const span = document?.spans[Math.floor(save / documents.length)];
  if (!document || !span) throw new Error("Out of distinct quotes: ask for fewer rounds or requests.");
  return {
    actionId: actionIds.createQuoteLabel,
    input: { documentId: document.id, documentVersion: document.version, ...span, grade: 1 + (save % 3) },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function printTable(sides: Side[], run: { rounds: number; requests: number }): void {
  const [reference, tree] = sides as [Side, Side];
  const lines = [
    `server CPU and answer size per request, median of ${run.rounds} rounds of ${run.requests} requests each`,
    "| request | CPU ms (reference) | CPU ms (this tree) | × | bytes (reference) | bytes (this tree) | × |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const kind of KINDS) {
    const cpu = [reference, tree].map((side) =>
      median((side.costs.get(kind) ?? []).map((cost) => cost.cpuMs)),
    );
    const bytes = [reference, tree].map((side) =>
      median((side.costs.get(kind) ?? []).map((cost) => cost.bytes)),
    );
    const ratio = (pair: number[]) => ((pair[1] ?? 0) / Math.max(1e-9, pair[0] ?? 0)).toFixed(2);
    lines.push(
      `| ${kind} | ${cpu[0]?.toFixed(1)} | ${cpu[1]?.toFixed(1)} | ${ratio(cpu)} | ${bytes[0]?.toFixed(0)} | ${bytes[1]?.toFixed(0)} | ${ratio(bytes)} |`,
    );
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);

import { type ActionIds, type LoadTarget, type RequestRecord, runAnnotator } from "./annotator-loop";
import type { AppServer } from "./app-server";
import type { Connection } from "./http-client";
import type { Sample } from "./latency-summary";
import type { BenchAnnotator } from "./prepare-annotators";

/** A signed-in annotator: their connection, session cookie and saves so far per query. */
export type Session = {
  annotator: BenchAnnotator;
  connection: Connection;
  cookie: string;
  savesByQuery: Map<string, number>;
};

export type PhaseResult = {
  samples: Sample[];
  /** Error messages with how often each came. */
  errors: Map<string, number>;
  /** Ids of the labels the app answered "created" for. */
  created: string[];
  /** Annotators whose queue ran out before the deadline. */
  queueEnded: number;
  /** From the start to the last answer (requests in flight at the deadline finish). */
  elapsedMs: number;
  /** CPU the server used meanwhile (null without /proc), and the load generator (this process). */
  serverCpuSeconds: number | null;
  generatorCpuSeconds: number;
};

/**
 * Runs `sessions` at once, each in its own annotator loop, for `lengthMs`; records every
 * request, and the CPU time the server and this process spent, so figures on a shared machine
 * can be read per request rather than per wall-clock second. The sessions start spread evenly
 * over `rampUpMs` (default 0: all at the same instant), as people arriving at work do. With
 * `cpuPerRequest` (a lone session only) the server's CPU is read around each request.
 */
export async function runPhase(options: {
  sessions: readonly Session[];
  target: LoadTarget & { actionIds: ActionIds };
  server: AppServer;
  lengthMs: number;
  rampUpMs?: number;
  cpuPerRequest?: boolean;
}): Promise<PhaseResult> {
  const samples: Sample[] = [];
  const errors = new Map<string, number>();
  const record = (entry: RequestRecord) => {
    samples.push({
      kind: entry.kind,
      ms: entry.ms,
      ok: entry.error === null,
      bytes: entry.bytes,
      serverCpuMs: entry.serverCpuMs,
    });
    if (entry.error !== null) {
      const key = `${entry.kind}: ${entry.error}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    }
  };
  const serverCpuBefore = options.server.cpuSeconds();
  const generatorCpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + options.lengthMs;
  const rampUpMs = options.rampUpMs ?? 0;
  const serverCpuSeconds = options.cpuPerRequest ? () => options.server.cpuSeconds() : undefined;
  const ends = await Promise.all(
    options.sessions.map(async (session, index) => {
      const delay = (rampUpMs * index) / Math.max(1, options.sessions.length);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return runAnnotator({ ...session, target: options.target, deadline, record, serverCpuSeconds });
    }),
  );
  const elapsedMs = performance.now() - start;
  const serverCpuAfter = options.server.cpuSeconds();
  const generatorCpu = process.cpuUsage(generatorCpuBefore);
  return {
    samples,
    errors,
    created: ends.flatMap((end) => end.created),
    queueEnded: ends.filter((end) => end.queueEnded).length,
    elapsedMs,
    serverCpuSeconds:
      serverCpuBefore === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpuBefore,
    generatorCpuSeconds: (generatorCpu.user + generatorCpu.system) / 1e6,
  };
}

/** "server CPU 41.3 s in 62.0 s wall (0.67 of a core), 115 ms per request; load generator 4.2 s". */
export function describeCpu(result: PhaseResult): string {
  const wall = result.elapsedMs / 1000;
  const server =
    result.serverCpuSeconds === null
      ? "server CPU unknown (no /proc)"
      : `server CPU ${result.serverCpuSeconds.toFixed(1)} s in ${wall.toFixed(1)} s wall ` +
        `(${(result.serverCpuSeconds / wall).toFixed(2)} of a core), ` +
        `${((result.serverCpuSeconds * 1000) / Math.max(1, result.samples.length)).toFixed(0)} ms per request`;
  return `${server}; load generator ${result.generatorCpuSeconds.toFixed(1)} s CPU`;
}

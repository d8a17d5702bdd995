import type { LatencyRow } from "./latency-summary";

/**
 * Issue 24's targets for the annotators' load test, judged from a run's figures. Pure: the rows
 * of the lone annotator (per-request server CPU and response sizes) and of the loaded phase come
 * in, with the run's shape and outcome; one line per target comes out, "met" or "NOT met".
 */
const TARGETS = {
  /** Server CPU of one label save, and the size of its answer. */
  saveCpuMs: 5,
  saveBytes: 2048,
  /** Server CPU of "next" and the workspace page it leads to, together. */
  nextAndPageCpuMs: 20,
  /** p95 of all requests with this many annotators at a human pace on one app process. */
  loadP95Ms: 300,
  loadAnnotators: 200,
  loadThinkMs: 3000,
} as const;

export type RunShape = { annotators: number; thinkMs: number };
export type RunOutcome = { errors: number; labelsChecked: boolean };

export function loadVerdicts(options: {
  alone: readonly LatencyRow[];
  load: readonly LatencyRow[];
  shape: RunShape;
  outcome: RunOutcome;
}): string[] {
  const { alone, load, shape, outcome } = options;
  const find = (rows: readonly LatencyRow[], kind: string) => rows.find((entry) => entry.kind === kind);
  const save = find(alone, "save label");
  const next = find(alone, "next query (redirect)")?.serverCpuMs ?? null;
  const page = find(alone, "workspace page")?.serverCpuMs ?? null;
  const all = find(load, "all requests");
  const mark = (met: boolean) => (met ? "met" : "NOT met");
  const ms = (value: number | null) => (value === null ? "unknown" : `${value.toFixed(1)} ms`);
  const together = next === null || page === null ? null : next + page;
  const atTargetShape = shape.annotators >= TARGETS.loadAnnotators && shape.thinkMs === TARGETS.loadThinkMs;
  const saveCpu = save?.serverCpuMs ?? null;
  return [
    `save label alone: ${ms(saveCpu)} server CPU (target ≤ ${TARGETS.saveCpuMs} ms), ` +
      `${Math.round(save?.meanBytes ?? 0)} bytes (target ≤ ${TARGETS.saveBytes}) — ` +
      mark(saveCpu !== null && saveCpu <= TARGETS.saveCpuMs && (save?.meanBytes ?? 0) <= TARGETS.saveBytes),
    `next + workspace page alone: ${ms(next)} + ${ms(page)} = ${ms(together)} server CPU ` +
      `(target ≤ ${TARGETS.nextAndPageCpuMs} ms) — ${mark(together !== null && together <= TARGETS.nextAndPageCpuMs)}`,
    `${shape.annotators} annotators, think ${shape.thinkMs} ms: p95 ${ms(all?.p95 ?? null)} (target ≤ ` +
      `${TARGETS.loadP95Ms} ms), ${outcome.errors} errors, ${outcome.labelsChecked ? "every label found" : "labels MISSING"} — ` +
      (atTargetShape
        ? mark(
            (all?.p95 ?? Number.POSITIVE_INFINITY) <= TARGETS.loadP95Ms &&
              outcome.errors === 0 &&
              outcome.labelsChecked,
          )
        : `not the target's shape (${TARGETS.loadAnnotators} annotators, --think-ms ${TARGETS.loadThinkMs})`),
  ];
}

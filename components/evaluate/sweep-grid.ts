import { configRetrieverKind, type RetrieverFormKind } from "@/lib/configs/retriever-form-fields";
import { parseAxisValues, SWEEP_AXIS_OPTIONS, SWEEP_MAX_POINTS } from "@/lib/configs/sweep-schema";

/** One axis slot of the sweep section as typed: a setting's dotted path ("" = none) and its values text. */
export type Axis = { path: string; values: string };
export type SweepAxisOption = (typeof SWEEP_AXIS_OPTIONS)[number];

/**
 * The settings a sweep can vary for a retriever choice; a hybrid offers only its fusion's
 * parameter, and whole documents (chunking strategy "document") have no chunk size or overlap.
 */
export function axisOptionsFor(
  kind: RetrieverFormKind,
  fusion: "rrf" | "weighted",
  strategy = "fixed-characters",
): SweepAxisOption[] {
  const retriever = configRetrieverKind(kind);
  return SWEEP_AXIS_OPTIONS.filter((option) => (option.retrievers as readonly string[]).includes(retriever))
    .filter(
      (option) =>
        !option.path.startsWith("retriever.fusion.") ||
        option.path.endsWith(fusion === "rrf" ? ".k" : ".alpha"),
    )
    .filter((option) => strategy !== "document" || !option.path.startsWith("chunking."));
}

/**
 * The axes as the form shows and sends them: an axis whose setting the current retriever lacks
 * (chosen before the retriever changed) has no path, so it is not part of the sweep.
 */
export function activeAxes(axes: readonly Axis[], options: readonly SweepAxisOption[]): Axis[] {
  return axes.map((axis) =>
    options.some((option) => option.path === axis.path) ? axis : { ...axis, path: "" },
  );
}

/** Whether any axis has a setting and values: the form then posts a sweep. */
export function isSweep(axes: readonly Axis[]): boolean {
  return axes.some((axis) => axis.path && axis.values.trim());
}

/** Points of the grid as typed so far (0 without an axis), or why the values cannot be read. */
export function countPoints(axes: readonly Axis[]): { points: number; error?: string } {
  const filled = axes.filter((axis) => axis.path && axis.values.trim());
  if (filled.length === 0) return { points: 0 };
  let points = 1;
  for (const axis of filled) {
    try {
      points *= parseAxisValues(axis.values).length;
    } catch (error) {
      return { points: 0, error: `${axis.path}: ${(error as Error).message}` };
    }
  }
  return { points };
}

/** The line under the axes: "3 points, one run each", the values' problem, or "No axis: a single run." */
export function describeGrid(grid: { points: number; error?: string }): { text: string; isProblem: boolean } {
  if (grid.error) return { text: grid.error, isProblem: true };
  if (grid.points === 0) return { text: "No axis: a single run.", isProblem: false };
  const tooMany = grid.points > SWEEP_MAX_POINTS;
  return {
    text: `${grid.points} ${grid.points === 1 ? "point" : "points"}, one run each${tooMany ? ` — at most ${SWEEP_MAX_POINTS}` : ""}`,
    isProblem: tooMany,
  };
}

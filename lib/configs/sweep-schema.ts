import { z } from "zod";
import { retrievalConfigSchema } from "@/lib/configs/config-schema";
import { AppError } from "@/lib/errors";
import { scoringModeSchema } from "@/lib/eval/run-report-schema";
import { coverageSchema } from "@/lib/eval/validate-eval-options";

// A sweep (issue 4, item 8) is a grid of configurations, each point a run with its own job (so the
// points spread over the workers): the cartesian product of its axes, each point the base
// configuration with one value per axis set at its dotted path.

export const SWEEP_MAX_POINTS = 100;
const SWEEP_MAX_AXIS_VALUES = 50;

export const sweepAxisValueSchema = z.union([z.number().finite(), z.string(), z.boolean()]);
export type SweepAxisValue = z.infer<typeof sweepAxisValueSchema>;

const dottedPath = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*$/;

export const sweepAxisSchema = z.object({
  /** a dotted path into the configuration, e.g. "chunking.size" or "retriever.fusion.alpha" */
  path: z.string().regex(dottedPath, "a dotted path into the configuration, e.g. chunking.size"),
  values: z
    .array(sweepAxisValueSchema)
    .min(1, "give at least one value")
    .max(SWEEP_MAX_AXIS_VALUES, `at most ${SWEEP_MAX_AXIS_VALUES} values per axis`)
    .refine((values) => new Set(values).size === values.length, "values must be distinct"),
});
export type SweepAxis = z.infer<typeof sweepAxisSchema>;

/** Points of the grid: the product of the axes' lengths. */
export function countSweepPoints(axes: readonly { values: readonly unknown[] }[]): number {
  return axes.reduce((product, axis) => product * axis.values.length, 1);
}

export const sweepSchema = z
  .object({
    name: z.string().trim().min(1, "Name the sweep").max(120),
    /** defaults filled, so every path the base implies (e.g. "retriever.k1") exists */
    baseConfig: retrievalConfigSchema,
    axes: z
      .array(sweepAxisSchema)
      .min(1, "give at least one axis")
      .max(3, "at most 3 axes")
      .refine(
        (axes) => new Set(axes.map((axis) => axis.path)).size === axes.length,
        "each axis must set a different path",
      ),
    /** coverage θ of label-based scoring, shared by every point */
    coverage: coverageSchema.default(1),
    mode: scoringModeSchema.default("label"),
  })
  .refine((sweep) => countSweepPoints(sweep.axes) <= SWEEP_MAX_POINTS, {
    path: ["axes"],
    message: `a sweep has at most ${SWEEP_MAX_POINTS} points; use fewer values per axis`,
  });

export type Sweep = z.infer<typeof sweepSchema>;
export type SweepInput = z.input<typeof sweepSchema>;

/** The axes the evaluate form offers; `retrievers` are the retriever kinds whose config has the path. */
export const SWEEP_AXIS_OPTIONS = [
  { path: "chunking.size", label: "Chunk size", retrievers: ["bm25", "dense", "hybrid"] },
  { path: "chunking.overlap", label: "Chunk overlap", retrievers: ["bm25", "dense", "hybrid"] },
  {
    path: "topK",
    label: "top k kept",
    retrievers: ["bm25", "dense", "hybrid", "external"],
  },
  { path: "retriever.k1", label: "BM25 k1", retrievers: ["bm25"] },
  { path: "retriever.b", label: "BM25 b", retrievers: ["bm25"] },
  { path: "retriever.sparse.k1", label: "BM25 k1 (hybrid)", retrievers: ["hybrid"] },
  { path: "retriever.sparse.b", label: "BM25 b (hybrid)", retrievers: ["hybrid"] },
  { path: "retriever.fusion.alpha", label: "Fusion alpha (weighted)", retrievers: ["hybrid"] },
  { path: "retriever.fusion.k", label: "RRF k", retrievers: ["hybrid"] },
] as const;

/** Values are numbers with floating error rounded away at 10 decimals (0.1 + 0.2 → 0.3). */
const roundValue = (value: number) => Number(value.toFixed(10));

/**
 * The values text of the sweep form → axis values. Comma-separated items; an item
 * `start:end:step` is an inclusive range ("0:1:0.25" → 0, 0.25, 0.5, 0.75, 1). Numbers become
 * numbers, `true`/`false` booleans, anything else stays a string. Throws `bad_request`.
 */
export function parseAxisValues(text: string): SweepAxisValue[] {
  const items = text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  if (items.length === 0) throw new AppError("bad_request", "Give at least one value.");
  const values = items.flatMap((item) => (item.includes(":") ? parseRange(item) : [parseScalar(item)]));
  if (values.length > SWEEP_MAX_AXIS_VALUES) {
    throw new AppError(
      "bad_request",
      `${values.length} values; an axis has at most ${SWEEP_MAX_AXIS_VALUES}.`,
    );
  }
  return values;
}

function parseScalar(item: string): SweepAxisValue {
  if (item === "true") return true;
  if (item === "false") return false;
  const number = Number(item);
  return Number.isFinite(number) ? number : item;
}

function parseRange(item: string): number[] {
  const parts = item.split(":").map((part) => Number(part.trim()));
  const [start, end, step] = parts;
  if (
    parts.length !== 3 ||
    start === undefined ||
    end === undefined ||
    step === undefined ||
    !parts.every(Number.isFinite)
  ) {
    throw new AppError("bad_request", `"${item}" is not a range start:end:step, e.g. 0:1:0.25.`);
  }
  if (step <= 0) throw new AppError("bad_request", `The step of "${item}" must be above 0.`);
  if (end < start) throw new AppError("bad_request", `The range "${item}" ends before it starts.`);
  // the small epsilon keeps an end reached up to floating error (0:0.3:0.1) inside the range
  const count = Math.floor((end - start) / step + 1e-9) + 1;
  if (count > SWEEP_MAX_AXIS_VALUES) {
    throw new AppError(
      "bad_request",
      `"${item}" has ${count} values; an axis has at most ${SWEEP_MAX_AXIS_VALUES}.`,
    );
  }
  return Array.from({ length: count }, (_, index) => roundValue(start + index * step));
}

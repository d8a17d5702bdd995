import { type RetrievalConfig, retrievalConfigSchema } from "@/lib/configs/config-schema";
import { describeChunking, describeRetriever } from "@/lib/configs/describe-config";
import {
  countSweepPoints,
  SWEEP_MAX_POINTS,
  type Sweep,
  type SweepAxis,
  type SweepAxisValue,
} from "@/lib/configs/sweep-schema";
import { AppError, formatJsonPath } from "@/lib/errors";

/** One axis value per path, in the order of the sweep's axes. */
export type SweepPointValues = Record<string, SweepAxisValue>;
export type SweepPoint = { values: SweepPointValues; config: RetrievalConfig };
export type SkippedSweepPoint = { values: SweepPointValues; error: string };

/** "chunking.size=400 · chunking.overlap=80" */
export function describeSweepPoint(values: SweepPointValues): string {
  return Object.entries(values)
    .map(([path, value]) => `${path}=${String(value)}`)
    .join(" · ");
}

/**
 * The grid of a sweep: the cartesian product of its axes (the first axis varies slowest), each
 * point the base configuration with its values set and validated by `retrievalConfigSchema`.
 * A path the base configuration lacks is always an error. An invalid point is an error naming the
 * point and the first zod issue, or, with `skipInvalid`, is dropped and listed in `skipped`.
 */
export function expandSweep(
  sweep: Pick<Sweep, "baseConfig" | "axes">,
  options: { skipInvalid?: boolean } = {},
): { points: SweepPoint[]; skipped: SkippedSweepPoint[] } {
  const total = countSweepPoints(sweep.axes);
  if (total > SWEEP_MAX_POINTS) {
    throw new AppError(
      "bad_request",
      `The grid has ${total} points; a sweep has at most ${SWEEP_MAX_POINTS}.`,
    );
  }
  for (const axis of sweep.axes) {
    if (!hasPath(sweep.baseConfig, axis.path.split("."))) {
      const part = axis.path.startsWith("chunking.")
        ? `its chunking: ${describeChunking(sweep.baseConfig.chunking)}`
        : `its retriever: ${describeRetriever(sweep.baseConfig.retriever)}`;
      throw new AppError(
        "bad_request",
        `Axis ${axis.path}: the base configuration has no such setting (${part}).`,
      );
    }
  }
  const points: SweepPoint[] = [];
  const skipped: SkippedSweepPoint[] = [];
  for (const values of cartesianProduct(sweep.axes)) {
    const candidate: unknown = structuredClone(sweep.baseConfig);
    for (const [path, value] of Object.entries(values)) setPath(candidate, path.split("."), value);
    const parsed = retrievalConfigSchema.safeParse(candidate);
    if (parsed.success) {
      points.push({ values, config: parsed.data });
      continue;
    }
    const issue = parsed.error.issues[0];
    const error = `${formatJsonPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`;
    if (!options.skipInvalid) {
      throw new AppError(
        "bad_request",
        `point ${describeSweepPoint(values).replaceAll(" · ", ", ")}: ${error}`,
      );
    }
    skipped.push({ values, error });
  }
  if (points.length === 0) {
    const first = skipped[0];
    throw new AppError(
      "bad_request",
      `Every point of the grid is invalid; the first, ${describeSweepPoint(first?.values ?? {})}: ${first?.error}`,
    );
  }
  return { points, skipped };
}

/**
 * Orders point values as `expandSweep` emits them (by each axis's value index, first axis first),
 * for runs read back from the database. Values not on an axis sort last.
 */
export function compareSweepPoints(axes: SweepAxis[], a: SweepPointValues, b: SweepPointValues): number {
  for (const axis of axes) {
    const indexOf = (values: SweepPointValues) => {
      const index = axis.values.indexOf(values[axis.path] as SweepAxisValue);
      return index === -1 ? Number.MAX_SAFE_INTEGER : index;
    };
    const difference = indexOf(a) - indexOf(b);
    if (difference !== 0) return difference;
  }
  return 0;
}

function cartesianProduct(axes: SweepAxis[]): SweepPointValues[] {
  let points: SweepPointValues[] = [{}];
  for (const axis of axes) {
    points = points.flatMap((point) => axis.values.map((value) => ({ ...point, [axis.path]: value })));
  }
  return points;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasPath(value: unknown, segments: string[]): boolean {
  let node = value;
  for (const segment of segments) {
    if (!isPlainObject(node) || !Object.hasOwn(node, segment)) return false;
    node = node[segment];
  }
  return !isPlainObject(node);
}

function setPath(value: unknown, segments: string[], leaf: SweepAxisValue): void {
  let node = value;
  for (const segment of segments.slice(0, -1)) {
    if (!isPlainObject(node)) return;
    node = node[segment];
  }
  const last = segments.at(-1);
  if (isPlainObject(node) && last !== undefined) node[last] = leaf;
}

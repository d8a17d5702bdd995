import { cx } from "@/components/ui/cx";
import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";
import { describeRelevantCount } from "@/lib/sets/query-counts";
import { GATING_QUERIES, setSizeBand, TARGET_MAX_QUERIES } from "@/lib/sets/set-size-band";

const fills = { noisy: "bg-red-500", usable: "bg-brand-500", gating: "bg-emerald-500" } as const;
const texts = { noisy: "text-red-700", usable: "text-brand-700", gating: "text-emerald-700" } as const;

const markers = [
  { at: NOISE_FLOOR_QUERIES, label: `${NOISE_FLOOR_QUERIES} noise floor` },
  { at: GATING_QUERIES, label: `${GATING_QUERIES}` },
  { at: TARGET_MAX_QUERIES, label: `${TARGET_MAX_QUERIES}` },
];

/**
 * Queries with relevant labels — the ones a run evaluates (lib/sets/query-counts.ts) — on a
 * 0–200 scale with the 30 (noise floor), 50 and 200 (target range) markers: red below 30, amber
 * 30–49, green from 50.
 */
export function LabeledSizeBar({ relevant }: { relevant: number }) {
  const band = setSizeBand(relevant);
  const position = (value: number) => `${(Math.min(value, TARGET_MAX_QUERIES) / TARGET_MAX_QUERIES) * 100}%`;
  const summary =
    band === "noisy"
      ? `${describeRelevantCount(relevant)}: below the noise floor, metrics move with noise`
      : band === "usable"
        ? `${describeRelevantCount(relevant)}: above the noise floor; ${GATING_QUERIES}–${TARGET_MAX_QUERIES} gates decisions`
        : `${describeRelevantCount(relevant)}: in the ${GATING_QUERIES}–${TARGET_MAX_QUERIES} range where a set gates decisions`;
  return (
    <div className="space-y-1" data-testid="labeled-size" data-band={band}>
      <p className={cx("font-medium text-xs", texts[band])}>{summary}</p>
      <div aria-hidden="true" className="relative h-2.5 rounded-full bg-zinc-100">
        <div
          className="absolute inset-y-0 left-0 rounded-l-full bg-emerald-50"
          style={{ left: position(GATING_QUERIES), width: `calc(100% - ${position(GATING_QUERIES)})` }}
        />
        <div
          className={cx("absolute inset-y-0 left-0 rounded-full", fills[band])}
          style={{ width: position(relevant) }}
        />
        {markers.map((marker) => (
          <div
            key={marker.at}
            className="absolute -inset-y-0.5 w-px bg-zinc-500"
            style={{ left: `calc(${position(marker.at)} - 1px)` }}
          />
        ))}
      </div>
      <div className="relative h-3.5 text-[10px] text-zinc-500 tabular-nums">
        <span className="absolute left-0">0</span>
        {markers.map((marker) => (
          <span
            key={marker.at}
            className="absolute -translate-x-1/2 whitespace-nowrap last:-translate-x-full"
            style={{ left: position(marker.at) }}
          >
            {marker.label}
          </span>
        ))}
      </div>
    </div>
  );
}

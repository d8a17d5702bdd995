import { RunHolesStrip } from "@/components/queue/run-holes-strip";
import { db } from "@/lib/db/client";
import type { RunMetrics } from "@/lib/eval/run-report-schema";
import { loadHoles } from "@/lib/queue/load-holes";
import { holesHref, nextHoleHref } from "../../sets/[id]/queue-hrefs";

/** The run's holes and judged@k with today's judgments, and the way into its hole queue. */
export async function RunHoles({
  setId,
  runId,
  metrics,
}: {
  setId: string;
  runId: string;
  metrics: RunMetrics;
}) {
  const { k, runs } = await loadHoles(db(), { setId, runId, details: false });
  const summary = runs[0];
  if (!summary) return null;
  return (
    <RunHolesStrip
      k={k}
      holes={summary.holes}
      queries={summary.queries}
      judgedNow={summary.judged}
      judgedStored={metrics.judged?.[String(k)]}
      holesHref={holesHref(setId, runId)}
      fillHref={nextHoleHref(setId, runId)}
    />
  );
}

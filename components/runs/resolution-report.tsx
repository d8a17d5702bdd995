import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { labelStateSchema, labelStateTone } from "@/lib/anchor/label-state";
import type { RunResolution } from "@/lib/eval/run-report-schema";

/** How many labels of the evaluated set version landed in each state; zero for a run without a report. */
export function ResolutionReport({ resolution }: { resolution: RunResolution | null }) {
  return (
    <Card data-testid="resolution-report">
      <CardHeader
        title="Label resolution"
        description="How each label of the set version landed in the current documents and chunks. Orphaned labels are excluded and listed, never scored as misses."
      />
      <CardBody>
        <div className="flex flex-wrap gap-2">
          {[...labelStateSchema.options, "split" as const].map((state) => (
            <Badge key={state} tone={state === "split" ? "amber" : labelStateTone(state)}>
              {state} <span className="ml-1 tabular-nums">{resolution?.counts[state] ?? 0}</span>
            </Badge>
          ))}
        </div>
      </CardBody>
    </Card>
  );
}

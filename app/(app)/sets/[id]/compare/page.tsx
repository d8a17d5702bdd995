import type { Metadata } from "next";
import { ComparisonView } from "@/components/compare/comparison-view";
import { RunPicker } from "@/components/compare/run-picker";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { parseComparisonParams } from "@/lib/comparisons/comparison-params";
import { describeTest } from "@/lib/comparisons/format-comparison";
import { db } from "@/lib/db/client";
import { loadComparison } from "@/lib/runs/load-comparison";
import { orNotFound } from "../../../page-helpers";
import { setBreadcrumbs } from "../set-breadcrumbs";

export const metadata: Metadata = { title: "Compare runs" };

export default async function CompareRunsPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser();
  const { id } = await props.params;
  const params = parseComparisonParams(await props.searchParams);
  const page = await orNotFound(loadComparison(db(), { setId: id, params }));
  const { set, comparison } = page;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Compare runs"
        description={
          comparison
            ? `Each run against the baseline on the ${page.state.split ? `${page.state.split} queries (of the set's split) ` : "queries "}both evaluated: ${describeTest(comparison)}, Holm-adjusted over every run and measure shown.`
            : `Pick a baseline and up to six runs of ${set.name}: did the change help, and is it more than noise?`
        }
        breadcrumbs={setBreadcrumbs(set, { href: `/sets/${set.id}/runs`, label: "Evaluate" })}
      />
      {page.notices.map((notice) => (
        <Alert key={notice} tone="warning" data-testid="comparison-notice">
          {notice}
        </Alert>
      ))}
      {page.status === "no-runs" ? (
        <EmptyState
          title="No finished runs yet"
          description="A comparison needs at least two evaluated runs of this set: evaluate a baseline configuration, then the change you want to test."
          action={
            <ButtonLink href={`/sets/${set.id}/runs`} variant="primary">
              Evaluate a configuration
            </ButtonLink>
          }
        />
      ) : (
        <RunPicker
          setId={set.id}
          runs={page.picker}
          state={page.state}
          pinnedBaselineId={set.pinnedBaselineId}
          hiddenArchived={page.hiddenArchived}
          open={page.status !== "ready"}
        />
      )}
      {page.status === "choose" ? (
        <EmptyState
          title={page.state.baseline ? "Choose the runs to compare" : "Choose a baseline"}
          description={
            page.state.baseline
              ? "Tick up to six runs above and press Compare. Each is tested against the baseline on the queries both evaluated."
              : "This set has no pinned baseline. Pick the run every other run is compared with — usually what runs in production today — then the runs to test."
          }
        />
      ) : null}
      {comparison ? <ComparisonView page={page} comparison={comparison} /> : null}
    </div>
  );
}

import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { setBreadcrumbs } from "../set-breadcrumbs";
import { loadSetRunsPage } from "./load-set-runs-page";
import { NewRunCard, PoolSettingsCard } from "./new-run-card";
import { ActiveRunCards, RunsChartCard } from "./runs-chart-card";
import { RunsListCard } from "./runs-list-card";

export const metadata: Metadata = { title: "Evaluate" };

export default async function SetRunsPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser();
  const { id } = await params;
  const search = await searchParams;
  const data = await loadSetRunsPage(id, search);
  const { set } = data;

  return (
    <div>
      <PageHeader
        title="Evaluate"
        description={`BM25, dense (built-in LSA or your embeddings endpoint), hybrid, your own search endpoint or an uploaded run file — optionally reranked — scored against ${set.name}'s labels: recall@k and MRR together, with 95% intervals on each run's page.`}
        breadcrumbs={setBreadcrumbs(set)}
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0 space-y-4">
          <ActiveRunCards active={data.active} />
          <RunsChartCard data={data} />
        </div>
        <div className="space-y-4 self-start">
          <NewRunCard role={user.role} setId={set.id} latest={data.latest} latestConfig={data.latestConfig} />
          {can(user.role, "evaluate") ? (
            <PoolSettingsCard setId={set.id} depth={set.poolDepth} runs={data.poolRuns} />
          ) : null}
        </div>
      </div>
      <RunsListCard data={data} />
    </div>
  );
}

import type { Metadata } from "next";
import { RunFilters } from "@/components/runs/run-filters";
import { RunsTable } from "@/components/runs/runs-table";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { REPORTED_KS } from "@/lib/configs/config-schema";
import { db } from "@/lib/db/client";
import { runFilterChoices } from "@/lib/db/run-list";
import { ListPager } from "../list-pager";
import { loadRunList } from "./load-run-list";
import {
  isFiltered,
  parseRunListParams,
  RETRIEVER_KIND_NAMES,
  RUN_STATUSES,
  runListQuery,
} from "./run-list-params";

export const metadata: Metadata = { title: "Runs" };

export default async function RunsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser();
  const params = parseRunListParams(await searchParams);
  const ks = [...REPORTED_KS];
  const [{ items, total, pageSize }, choices] = await Promise.all([
    loadRunList(db(), { params, ks }),
    runFilterChoices(db(), { setId: params.setId }),
  ]);
  const filtered = isFiltered(params);
  return (
    <div>
      <PageHeader
        title="Runs"
        description="Every evaluation, newest first; a sweep's points fold under their sweep. Open a golden set's Evaluate tab to start one."
      />
      {total === 0 && !filtered ? (
        <Card>
          <EmptyState
            title="No runs yet"
            description="Open a golden set and choose Evaluate to run BM25 against its labels."
          />
        </Card>
      ) : (
        <Card>
          <RunFilters
            pathname="/runs"
            values={params}
            sets={choices.sets}
            setVersions={choices.setVersions}
            tags={choices.tags}
            kinds={RETRIEVER_KIND_NAMES}
            statuses={RUN_STATUSES}
            filtered={filtered}
          />
          <RunsTable
            items={items}
            ks={ks}
            showSet
            kindNames={RETRIEVER_KIND_NAMES}
            empty={
              params.showArchived
                ? "No run matches these filters."
                : "No run matches these filters (archived runs are hidden: tick “Show archived”)."
            }
          />
          <ListPager
            pathname="/runs"
            params={runListQuery(params)}
            page={params.page}
            pageSize={pageSize}
            total={total}
            noun={total === 1 ? "run or sweep" : "runs and sweeps"}
          />
        </Card>
      )}
    </div>
  );
}

import { CompareRunsLink } from "@/components/compare/compare-runs-link";
import { DownloadCsvButton } from "@/components/exports/download-csv-button";
import { exportFileName } from "@/components/exports/standalone-chart-svg";
import { RunFilters } from "@/components/runs/run-filters";
import { runCsvRows } from "@/components/runs/run-list-rows";
import { RunsTable } from "@/components/runs/runs-table";
import { Card, CardHeader } from "@/components/ui/card";
import { runsCsv } from "@/lib/eval/run-csv";
import { ListPager } from "../../../list-pager";
import { RETRIEVER_KIND_NAMES, RUN_STATUSES, runListQuery } from "../../../runs/run-list-params";
import type { SetRunsPageData } from "./load-set-runs-page";

/** The set's runs, filtered and paged, with the CSV export and the link to compare them. */
export function RunsListCard({
  data,
}: {
  data: Pick<
    SetRunsPageData,
    "set" | "list" | "ks" | "listParams" | "choices" | "pathname" | "chartQuery" | "filtered"
  >;
}) {
  const { set, list, ks, listParams, choices, pathname, chartQuery, filtered } = data;
  return (
    <Card className="mt-4">
      <CardHeader
        title="Runs"
        description="Recall@k and MRR, always together; a sweep's points fold under their sweep."
        actions={
          <>
            <DownloadCsvButton
              csv={runsCsv({ runs: runCsvRows(list.items), ks })}
              fileName={exportFileName(`Runs — ${set.name}`, "csv")}
              testId="runs-csv"
            />
            <CompareRunsLink setId={set.id} />
          </>
        }
      />
      <RunFilters
        pathname={pathname}
        values={listParams}
        setVersions={choices.setVersions}
        tags={choices.tags}
        kinds={RETRIEVER_KIND_NAMES}
        statuses={RUN_STATUSES}
        keep={{ chart: chartQuery }}
        filtered={filtered}
      />
      <RunsTable
        items={list.items}
        ks={ks}
        showSet={false}
        kindNames={RETRIEVER_KIND_NAMES}
        empty={
          filtered
            ? "No run matches these filters."
            : "No runs yet. Start an evaluation to compare configurations here."
        }
      />
      <ListPager
        pathname={pathname}
        params={{ ...runListQuery(listParams), chart: chartQuery }}
        page={listParams.page}
        pageSize={list.pageSize}
        total={list.total}
        noun={list.total === 1 ? "run or sweep" : "runs and sweeps"}
      />
    </Card>
  );
}

import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/components/ui/cx";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th } from "@/components/ui/table";
import { formatScore } from "@/lib/eval/describe-run-report";
import { NoiseBadge } from "./noise-badge";
import type { RunListItem, RunRowView } from "./run-list-rows";
import { RunSwatch } from "./run-swatch";
import { SweepGroup } from "./sweep-group";

type RunsTableProps = {
  items: RunListItem[];
  ks: readonly number[];
  /** A column naming each run's golden set (the all-runs list), when the page has runs of several sets. */
  showSet: boolean;
  /** Names of the retriever kinds, by kind. */
  kindNames: Readonly<Record<string, string>>;
  /** Shown when there are no items. */
  empty: ReactNode;
};

function RunRow({
  run,
  ks,
  showSet,
  kindNames,
  point,
}: Omit<RunsTableProps, "items" | "empty"> & {
  run: RunRowView;
  /** A sweep's point under its sweep row: named by its values, the sweep's name being just above. */
  point?: { sweepName: string };
}) {
  const prefix = point ? `${point.sweepName} · ` : null;
  const label = prefix && run.name.startsWith(prefix) ? run.name.slice(prefix.length) : run.name;
  const metrics = run.metrics;
  return (
    <tr
      className={cx("hover:bg-zinc-50/70", run.archived && "text-zinc-500")}
      data-testid="run-row"
      data-run-id={run.id}
      data-archived={run.archived}
    >
      <td className="w-8 pl-3" />
      <Td className={cx("min-w-[18rem]", point && "pl-8")}>
        <div className="flex min-w-0 items-center gap-1.5 whitespace-nowrap">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <RunSwatch color={run.color} dash={run.dash} />
            <Link
              href={`/runs/${run.id}`}
              className="truncate rounded font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              data-testid="run-link"
              title={label === run.name ? undefined : run.name}
            >
              {label}
            </Link>
          </span>
          {run.isBaseline ? <Badge tone="amber">★ baseline</Badge> : null}
          {run.archived ? <Badge data-testid="run-archived">archived</Badge> : null}
          {run.status !== "succeeded" ? <StatusBadge status={run.status} /> : null}
          {run.tags.map((tag) => (
            <Badge key={tag} tone="blue">
              {tag}
            </Badge>
          ))}
        </div>
      </Td>
      {showSet ? <Td className="max-w-[12rem] truncate text-xs text-zinc-600">{run.setName}</Td> : null}
      <Td className="text-xs text-zinc-600 tabular-nums">v{run.setVersion}</Td>
      <Td className="whitespace-nowrap text-xs text-zinc-600">
        {kindNames[run.retrieverKind] ?? run.retrieverKind}
      </Td>
      {ks.map((k) => (
        <Td key={k} numeric data-testid={`metric-recall-${k}`}>
          {formatScore(metrics?.recall[String(k)])}
        </Td>
      ))}
      <Td numeric data-testid="metric-mrr">
        {formatScore(metrics?.mrr)}
      </Td>
      <Td numeric>{formatScore(metrics?.ndcg?.["10"])}</Td>
      <Td
        numeric
        className="whitespace-nowrap text-zinc-600"
        title={
          metrics
            ? `${formatCountOf(metrics.excluded, "query", "queries")} without relevant labels left out`
            : undefined
        }
      >
        {metrics ? <NoiseBadge evaluated={metrics.evaluated} className="mr-1" /> : null}
        {metrics ? formatCount(metrics.evaluated) : "—"}
      </Td>
      <Td className="whitespace-nowrap text-xs text-zinc-500 tabular-nums">
        {formatDateTime(run.createdAt)}
      </Td>
    </tr>
  );
}

/** A sweep row's measure: the best of its points, marked so, never mistaken for one run's value. */
function SweepBestCell({ value }: { value: number | null | undefined }) {
  return (
    <Td numeric className="whitespace-nowrap text-zinc-600" title="Best of the sweep's points">
      {value === null || value === undefined ? (
        "—"
      ) : (
        <>
          <span className="mr-1 text-[11px] text-zinc-400">best</span>
          {formatScore(value)}
        </>
      )}
    </Td>
  );
}

/**
 * A runs list: one row per run, a sweep's points folded under one sweep row (best of its points),
 * each run with the colour it has on every chart, its set version, retriever, tags and badges.
 */
export function RunsTable({ items, ks, showSet: mayShowSet, kindNames, empty }: RunsTableProps) {
  const setIds = new Set(
    items.flatMap((item) =>
      item.kind === "run" ? [item.run.setId] : item.points.map((point) => point.setId),
    ),
  );
  const showSet = mayShowSet && setIds.size > 1;
  const columns = ks.length + (showSet ? 8 : 7);
  return (
    <Table data-testid="runs-table">
      <THead>
        <tr>
          <th className="w-8" aria-label="Open a sweep" />
          <Th>Run</Th>
          {showSet ? <Th>Golden set</Th> : null}
          <Th title="The golden-set version the run evaluated">Set v.</Th>
          <Th>Retriever</Th>
          {ks.map((k) => (
            <Th key={k} numeric>
              recall@{k}
            </Th>
          ))}
          <Th numeric>MRR</Th>
          <Th numeric>nDCG@10</Th>
          <Th numeric title="Queries with relevant labels, in the means">
            Queries
          </Th>
          <Th>Created</Th>
        </tr>
      </THead>
      <TBody>
        {items.length === 0 ? (
          <tr>
            <Td colSpan={columns} align="center" className="py-6 text-xs text-zinc-500">
              {empty}
            </Td>
          </tr>
        ) : null}
        {items.map((item) =>
          item.kind === "run" ? (
            <RunRow key={item.run.id} run={item.run} ks={ks} showSet={showSet} kindNames={kindNames} />
          ) : (
            <SweepGroup
              key={item.sweep.id}
              sweepId={item.sweep.id}
              pointCount={item.points.length}
              cells={
                <>
                  <Td className="min-w-[18rem] max-w-[28rem]">
                    <div className="flex min-w-0 flex-wrap items-center gap-1.5">
                      <Badge tone="violet">sweep</Badge>
                      <Link
                        href={`/sweeps/${item.sweep.id}`}
                        className="truncate font-medium text-zinc-900 hover:underline"
                      >
                        {item.sweep.name}
                      </Link>
                      <span className="text-xs text-zinc-500">
                        {item.points.length === item.sweep.pointCount
                          ? formatCountOf(item.sweep.pointCount, "point")
                          : `${formatCountOf(item.points.length, "matching point")} of ${item.sweep.pointCount}`}
                        {item.failed ? ` · ${item.failed} failed` : ""}
                        {item.sweep.axes ? ` · ${item.sweep.axes}` : ""}
                      </span>
                      {item.sweep.status && item.sweep.status !== "succeeded" ? (
                        <StatusBadge status={item.sweep.status} />
                      ) : null}
                    </div>
                  </Td>
                  {showSet ? (
                    <Td className="max-w-[12rem] truncate text-xs text-zinc-600">{item.setName}</Td>
                  ) : null}
                  <Td className="text-xs text-zinc-600 tabular-nums">
                    {item.setVersion === null ? "several" : `v${item.setVersion}`}
                  </Td>
                  <Td className="whitespace-nowrap text-xs text-zinc-600">
                    {kindNames[item.retrieverKind] ?? item.retrieverKind}
                  </Td>
                  {ks.map((k) => (
                    <SweepBestCell key={k} value={item.best.recall[String(k)]} />
                  ))}
                  <SweepBestCell value={item.best.mrr} />
                  <SweepBestCell value={item.best.ndcg10} />
                  <Td
                    numeric
                    className="whitespace-nowrap text-zinc-600"
                    title="Queries with relevant labels each point evaluated"
                    data-testid="sweep-queries"
                  >
                    {item.evaluated === null ? "—" : formatCount(item.evaluated)}
                  </Td>
                  <Td className="whitespace-nowrap text-xs text-zinc-500 tabular-nums">
                    {formatDateTime(item.sweep.createdAt)}
                  </Td>
                </>
              }
            >
              {item.points.map((point) => (
                <RunRow
                  key={point.id}
                  run={point}
                  ks={ks}
                  showSet={showSet}
                  kindNames={kindNames}
                  point={{ sweepName: item.sweep.name }}
                />
              ))}
            </SweepGroup>
          ),
        )}
      </TBody>
    </Table>
  );
}

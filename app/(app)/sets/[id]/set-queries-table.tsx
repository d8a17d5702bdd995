import { classLabel } from "@/components/logs/class-labels";
import { Badge } from "@/components/ui/badge";
import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { listSetQueries } from "@/lib/db/golden-sets";
import { splitClasses } from "@/lib/logs/class-mix";
import { removeQueryAction } from "./actions";
import { RemoveQueryButton } from "./query-forms";

type Props = {
  id: string;
  queries: Awaited<ReturnType<typeof listSetQueries>>;
  /** The set's dev/holdout split, if it has one. */
  split: object | null;
  mayCurate: boolean;
};

export function SetQueriesTable({ id, queries, split, mayCurate }: Props) {
  return (
    <Table>
      <THead>
        <tr>
          <Th numeric className="w-12">
            #
          </Th>
          <Th>Query</Th>
          <Th>Classes</Th>
          <Th>Status</Th>
          {split ? <Th title="dev or holdout (– : added after the split)">Split</Th> : null}
          <Th numeric>Labels</Th>
          <Th numeric title="How often it occurs in the imported logs">
            Log freq.
          </Th>
          {mayCurate ? (
            <Th className="w-24">
              <span className="sr-only">Actions</span>
            </Th>
          ) : null}
        </tr>
      </THead>
      <TBody>
        {queries.map((query) => (
          <Tr key={query.id} data-testid="query-row" data-query-id={query.id}>
            <Td numeric className="text-zinc-400 text-xs">
              {query.position}
            </Td>
            <Td className="max-w-2xl">
              <Link
                href={`/sets/${id}/queries/${query.id}`}
                className="block truncate text-zinc-900 hover:underline"
                title={query.informationNeed || query.text}
                data-testid="query-link"
              >
                {query.text}
              </Link>
            </Td>
            <Td>
              <div className="flex max-w-56 gap-1 overflow-hidden">
                {splitClasses(query.logQuery?.classes ?? "").map((queryClass) => (
                  <Badge key={queryClass} tone="blue" title={classLabel(queryClass).description}>
                    {classLabel(queryClass).label}
                  </Badge>
                ))}
              </div>
            </Td>
            <Td>
              <StatusBadge status={query.status} />
            </Td>
            {split ? (
              <Td data-testid="query-split">
                {query.split ? (
                  <Badge tone={query.split === "holdout" ? "violet" : "neutral"}>{query.split}</Badge>
                ) : (
                  <span className="text-zinc-400" title="added after the split: re-split to place it">
                    –
                  </span>
                )}
              </Td>
            ) : null}
            <Td numeric className={query._count.labels === 0 ? "text-zinc-400" : undefined}>
              {formatCount(query._count.labels)}
            </Td>
            <Td numeric className="text-zinc-500">
              {query.logQuery ? formatCount(query.logQuery.frequency) : "–"}
            </Td>
            {mayCurate ? (
              <Td align="right">
                {query._count.labels === 0 ? (
                  <RemoveQueryButton
                    action={removeQueryAction.bind(null, id, query.id)}
                    queryText={query.text}
                  />
                ) : null}
              </Td>
            ) : null}
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

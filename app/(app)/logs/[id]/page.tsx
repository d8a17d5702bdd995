import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { buttonClassName } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listGoldenSets } from "@/lib/db/golden-sets";
import { countLogQueriesInLog, getQueryLog, listLogQueries } from "@/lib/db/query-logs";
import { ListPager } from "../../list-pager";
import { formatCount, formatDate, orNotFound, parseListParams } from "../../page-helpers";
import { addLogQueriesToSetAction } from "./actions";
import { AddToSetForm } from "./add-to-set-form";

export const metadata: Metadata = { title: "Query log" };

const PAGE_SIZE = 100;

const variantsSchema = z.array(z.object({ text: z.string(), count: z.number() })).catch([]);

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function QueryLogPage({ params, searchParams }: Props) {
  const user = await requirePageUser();
  const { id } = await params;
  const { search, page } = parseListParams(await searchParams);
  const log = await orNotFound(getQueryLog(db(), id));
  const [[queries, total], [, distinct], sets] = await Promise.all([
    listLogQueries(db(), {
      queryLogId: id,
      ...(search ? { search } : {}),
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    }),
    listLogQueries(db(), { queryLogId: id, skip: 0, take: 0 }),
    listGoldenSets(db()),
  ]);
  const countsInLog = await countLogQueriesInLog(db(), {
    queryLogId: id,
    logQueryIds: queries.map((query) => query.id),
  });
  const mayCurate = can(user.role, "curate");
  const selectable = mayCurate && sets.length > 0;
  const pathname = `/logs/${id}`;

  const table = (
    <Table>
      <THead>
        <tr>
          {selectable ? (
            <Th className="w-8">
              <span className="sr-only">Select</span>
            </Th>
          ) : null}
          <Th>Query</Th>
          <Th>Classes</Th>
          <Th numeric title="Lines with this query in this log">
            In this log
          </Th>
          <Th numeric title="Lines with this query in every imported log">
            All logs
          </Th>
        </tr>
      </THead>
      <TBody>
        {queries.map((query) => {
          const variants = variantsSchema.parse(query.variants);
          const others = variants.filter((variant) => variant.text !== query.display);
          const classes = query.classes.split(",").filter(Boolean);
          const checkboxId = `log-query-${query.id}`;
          return (
            <Tr key={query.id} data-testid="log-query-row">
              {selectable ? (
                <Td className="w-8">
                  <input
                    id={checkboxId}
                    type="checkbox"
                    name="logQueryId"
                    value={query.id}
                    className="size-3.5 accent-brand-500"
                    aria-label={`Select “${query.display}”`}
                    data-testid="log-query-checkbox"
                  />
                </Td>
              ) : null}
              <Td className="max-w-2xl">
                <label
                  htmlFor={selectable ? checkboxId : undefined}
                  className="block truncate text-zinc-900"
                  title={
                    others.length > 0
                      ? `Variants:\n${variants.map((variant) => `${variant.text}  ×${variant.count}`).join("\n")}`
                      : query.display
                  }
                >
                  {query.display}
                  {others.length > 0 ? (
                    <Badge className="ml-2 align-middle">
                      +{others.length} {others.length === 1 ? "variant" : "variants"}
                    </Badge>
                  ) : null}
                </label>
              </Td>
              <Td>
                <div className="flex flex-wrap gap-1">
                  {classes.map((name) => (
                    <Badge key={name} tone="blue">
                      {name}
                    </Badge>
                  ))}
                </div>
              </Td>
              <Td numeric>{formatCount(countsInLog.get(query.id) ?? 0)}</Td>
              <Td numeric className="text-zinc-500">
                {formatCount(query.frequency)}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );

  return (
    <>
      <PageHeader
        breadcrumbs={[{ href: "/logs", label: "Query logs" }]}
        title={log.name}
        description={
          <>
            {log.fileName ? <code className="font-mono text-xs">{log.fileName}</code> : null} · imported{" "}
            {formatDate(log.createdAt)}
          </>
        }
      />

      <div className="mb-5 grid grid-cols-2 gap-3 md:grid-cols-5">
        <Stat label="Lines" value={formatCount(log.lineCount)} data-testid="log-lines" />
        <Stat label="Imported" value={formatCount(log.importedCount)} data-testid="log-imported" />
        <Stat
          label="Skipped"
          value={formatCount(log.skippedCount)}
          hint="empty, too long or binary"
          data-testid="log-skipped"
        />
        <Stat
          label="Fallback-decoded"
          value={formatCount(log.fallbackDecoded)}
          hint="not UTF-8; read as Latin-1"
          data-testid="log-fallback-decoded"
        />
        <Stat label="Distinct queries" value={formatCount(distinct)} data-testid="log-distinct" />
      </div>
      {log.fallbackDecoded > 0 ? (
        <Alert tone="warning" className="mb-4">
          {formatCount(log.fallbackDecoded)} lines were not valid UTF-8 and were decoded as Windows-1252
          (Latin-1). If you see text like “Ã©”, the file mixes encodings: convert it to UTF-8 and import it
          again.
        </Alert>
      ) : null}

      <Card>
        <search className="block border-zinc-100 border-b">
          <form action={pathname} className="flex items-center gap-2 px-4 py-2.5">
            <label htmlFor="log-query-search" className="sr-only">
              Search queries
            </label>
            <Input
              id="log-query-search"
              name="q"
              type="search"
              defaultValue={search ?? ""}
              placeholder="Search queries…"
              className="max-w-sm"
              data-testid="log-query-search"
            />
            <button type="submit" className={buttonClassName()}>
              Search
            </button>
            {search ? (
              <Link href={pathname} className="text-xs text-zinc-500 hover:text-zinc-900">
                Clear
              </Link>
            ) : null}
            <span className="ml-auto text-xs text-zinc-500">Most frequent first</span>
          </form>
        </search>

        {queries.length === 0 ? (
          <div className="p-4">
            <EmptyState
              title={search ? `No query matches “${search}”` : "This log has no queries"}
              description={
                search
                  ? "Search matches the normalized text (lowercase, collapsed spaces)."
                  : "Every line was empty, too long or binary. Check the file and import it again."
              }
            />
          </div>
        ) : (
          <>
            {!mayCurate ? (
              table
            ) : sets.length === 0 ? (
              <>
                <Alert tone="info" className="mx-4 mt-3">
                  To add these queries to a golden set, first{" "}
                  <Link href="/sets" className="font-medium underline">
                    create a golden set
                  </Link>
                  .
                </Alert>
                {table}
              </>
            ) : (
              <AddToSetForm
                action={addLogQueriesToSetAction}
                sets={sets.map((set) => ({ id: set.id, name: set.name, corpusName: set.corpus.name }))}
              >
                {table}
              </AddToSetForm>
            )}
            <ListPager
              pathname={pathname}
              params={{ q: search }}
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              noun={search ? "matching queries" : "queries"}
            />
          </>
        )}
      </Card>
    </>
  );
}

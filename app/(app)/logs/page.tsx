import type { Metadata } from "next";
import { FileUploadForm } from "@/components/forms/file-upload-form";
import { TopClasses } from "@/components/logs/top-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listRecentJobs } from "@/lib/db/jobs";
import { getClassMixByLog } from "@/lib/db/log-insights";
import { listQueryLogs } from "@/lib/db/query-logs";
import { ImportRoleNote, RECENT_JOBS_SCANNED, RecentImports, unfinishedImports } from "../recent-imports";
import { LogFormatFields } from "./log-format-fields";

export const metadata: Metadata = { title: "Query logs" };

export default async function LogsPage() {
  const user = await requirePageUser();
  const [logs, jobs, mixes] = await Promise.all([
    listQueryLogs(db()),
    listRecentJobs(db(), { take: RECENT_JOBS_SCANNED }),
    getClassMixByLog(db()),
  ]);
  const mayImport = can(user.role, "import");

  return (
    <>
      <PageHeader
        title="Query logs"
        description="Real queries, ugly ones included. Imports are deduplicated across logs and counted, so you can pick what users actually ask for your golden sets."
      />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardHeader title="Imported logs" description={formatCountOf(logs.length, "log")} />
          {logs.length === 0 ? (
            <div className="p-4">
              <EmptyState
                title="No query logs yet"
                description={
                  mayImport
                    ? "Import a log (plain text, CSV/TSV or JSONL; any encoding, gzip is fine) using the form on the right."
                    : "An admin or engineer imports logs; ask one to import yours."
                }
              />
            </div>
          ) : (
            <Table>
              <THead>
                <tr>
                  <Th>Name</Th>
                  <Th numeric>Lines</Th>
                  <Th numeric>Imported</Th>
                  <Th numeric>Skipped</Th>
                  <Th numeric>Distinct</Th>
                  <Th title="The most frequent classes, by share of the log's lines">Top classes</Th>
                  <Th>Imported at</Th>
                </tr>
              </THead>
              <TBody>
                {logs.map((log) => (
                  <Tr key={log.id}>
                    <Td>
                      <Link
                        href={`/logs/${log.id}`}
                        className="font-medium text-zinc-900 hover:underline"
                        data-testid="log-link"
                      >
                        {log.name}
                      </Link>
                      <div className="truncate text-xs text-zinc-500">{log.fileName}</div>
                    </Td>
                    <Td numeric>{formatCount(log.lineCount)}</Td>
                    <Td numeric>{formatCount(log.importedCount)}</Td>
                    <Td numeric className={log.skippedCount > 0 ? "text-zinc-500" : "text-zinc-400"}>
                      {formatCount(log.skippedCount)}
                    </Td>
                    <Td numeric>{formatCount(log._count.sources)}</Td>
                    <Td>
                      <TopClasses mix={mixes.get(log.id)} />
                    </Td>
                    <Td className="whitespace-nowrap text-xs text-zinc-500">
                      {formatDateTime(log.createdAt)}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </Card>

        <div className="space-y-5">
          {mayImport ? (
            <Card>
              <CardHeader
                title="Import a query log"
                description="Plain text (one query a line), CSV/TSV with a query column, or JSONL with a query field; gzip is fine. Any encoding (Latin-1 fallback). Importing the same file twice changes nothing."
              />
              <CardBody>
                <FileUploadForm
                  action="/api/logs/import"
                  submitLabel="Import log"
                  fields={
                    <>
                      <Field label="Log name" htmlFor="log-name" hint="e.g. “search, March 2025”">
                        <Input
                          name="logName"
                          required
                          maxLength={200}
                          placeholder="search-2025-03"
                          autoComplete="off"
                          data-testid="log-name"
                        />
                      </Field>
                      <LogFormatFields />
                    </>
                  }
                />
              </CardBody>
            </Card>
          ) : (
            <ImportRoleNote role={user.role} what="logs" />
          )}
          <RecentImports jobs={unfinishedImports(jobs, "import-log")} title="Log imports" />
        </div>
      </div>
    </>
  );
}

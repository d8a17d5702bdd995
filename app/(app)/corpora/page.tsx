import type { Metadata } from "next";
import { FileUploadForm } from "@/components/forms/file-upload-form";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Input, Select } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listCorpora } from "@/lib/db/corpora";
import { listRecentJobs } from "@/lib/db/jobs";
import { ImportRoleNote, RECENT_JOBS_SCANNED, RecentImports, unfinishedImports } from "../recent-imports";

export const metadata: Metadata = { title: "Corpora" };

export default async function CorporaPage() {
  const user = await requirePageUser();
  const [corpora, jobs] = await Promise.all([
    listCorpora(db()),
    listRecentJobs(db(), { take: RECENT_JOBS_SCANNED }),
  ]);
  const mayImport = can(user.role, "import");

  return (
    <>
      <PageHeader
        title="Corpora"
        description="The documents golden sets are labeled against. Re-importing a corpus under the same name adds new versions of changed documents; labels on the old text are re-anchored at evaluation time."
      />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <CorporaTable corpora={corpora} mayImport={mayImport} />

        <div className="space-y-5">
          {mayImport ? (
            <CorpusImportCard corpusNames={corpora.map((corpus) => corpus.name)} />
          ) : (
            <ImportRoleNote role={user.role} what="corpora" />
          )}
          <RecentImports jobs={unfinishedImports(jobs, "import-corpus")} title="Corpus imports" />
        </div>
      </div>
    </>
  );
}

type CorpusRow = Awaited<ReturnType<typeof listCorpora>>[number];

function CorporaTable({ corpora, mayImport }: { corpora: CorpusRow[]; mayImport: boolean }) {
  return (
    <Card>
      <CardHeader title="All corpora" description={formatCountOf(corpora.length, "corpus", "corpora")} />
      {corpora.length === 0 ? (
        <div className="p-4">
          <EmptyState
            title="No corpora yet"
            description={
              mayImport
                ? "Import your documents with the form on the right: a JSONL file (one document a line) or a BEIR dataset zip."
                : "An admin or engineer imports corpora; ask one to import yours."
            }
          />
        </div>
      ) : (
        <Table>
          <THead>
            <tr>
              <Th>Name</Th>
              <Th numeric>Documents</Th>
              <Th numeric>Golden sets</Th>
              <Th>Updated</Th>
            </tr>
          </THead>
          <TBody>
            {corpora.map((corpus) => (
              <Tr key={corpus.id}>
                <Td>
                  <Link
                    href={`/corpora/${corpus.id}`}
                    className="font-medium text-zinc-900 hover:underline"
                    data-testid="corpus-link"
                  >
                    {corpus.name}
                  </Link>
                  {corpus.description ? (
                    <div className="truncate text-xs text-zinc-500">{corpus.description}</div>
                  ) : null}
                </Td>
                <Td numeric>{formatCount(corpus._count.documents)}</Td>
                <Td numeric>{formatCount(corpus._count.goldenSets)}</Td>
                <Td className="whitespace-nowrap text-xs text-zinc-500">
                  {formatDateTime(corpus.updatedAt)}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}

/** The corpus upload (runs as a job); an existing name updates that corpus. */
function CorpusImportCard({ corpusNames }: { corpusNames: string[] }) {
  return (
    <Card>
      <CardHeader
        title="Import a corpus"
        description="Runs in the background; you can leave this page while it imports."
      />
      <CardBody>
        <FileUploadForm
          action="/api/corpora/import"
          accept=".jsonl,.json,.zip,application/zip"
          submitLabel="Import corpus"
          fields={
            <>
              <Field label="Corpus name" htmlFor="corpus-name" hint="An existing name updates that corpus.">
                <Input
                  name="corpusName"
                  required
                  maxLength={200}
                  list="corpus-names"
                  placeholder="support-articles"
                  autoComplete="off"
                  data-testid="corpus-name"
                />
              </Field>
              <datalist id="corpus-names">
                {corpusNames.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
              <Field
                label="Format"
                htmlFor="corpus-format"
                hint={
                  <>
                    JSONL: one <code className="font-mono">{'{"id", "title", "text"}'}</code> object a line
                    (BEIR's <code className="font-mono">_id</code> works too; other fields become metadata).
                    BEIR zip: a dataset with <code className="font-mono">corpus.jsonl</code>.
                  </>
                }
              >
                <Select name="format" defaultValue="jsonl" data-testid="corpus-format">
                  <option value="jsonl">JSONL</option>
                  <option value="beir-zip">BEIR dataset (.zip)</option>
                </Select>
              </Field>
            </>
          }
        />
      </CardBody>
    </Card>
  );
}

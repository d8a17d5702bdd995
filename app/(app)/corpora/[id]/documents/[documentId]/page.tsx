import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCount } from "@/components/ui/format-number";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getCorpus, getCorpusDocument } from "@/lib/db/corpora";
import { orNotFound } from "../../../../page-helpers";
import { DocumentText } from "./document-text";

export const metadata: Metadata = { title: "Document" };

type Props = { params: Promise<{ id: string; documentId: string }> };

export default async function DocumentPage({ params }: Props) {
  await requirePageUser();
  const { id, documentId } = await params;
  const [corpus, document] = await Promise.all([
    orNotFound(getCorpus(db(), id)),
    orNotFound(getCorpusDocument(db(), { corpusId: id, documentId })),
  ]);
  const metadataEntries =
    document.metadata && typeof document.metadata === "object" && !Array.isArray(document.metadata)
      ? Object.entries(document.metadata)
      : [];

  return (
    <>
      <PageHeader
        breadcrumbs={[
          { href: "/corpora", label: "Corpora" },
          { href: `/corpora/${id}`, label: corpus.name },
        ]}
        title={<span data-testid="document-title">{document.title || document.externalId}</span>}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>
              id{" "}
              <code className="font-mono text-zinc-700" data-testid="document-external-id">
                {document.externalId}
              </code>
            </span>
            <span data-testid="document-version">
              version {document.version}
              {document.versionCount > 1 ? ` (${document.versionCount - 1} earlier kept)` : ""}
            </span>
            <span className="tabular-nums">{formatCount(document.text.length)} characters</span>
            <span>updated {formatDateTime(document.updatedAt)}</span>
          </span>
        }
      />
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <Card>
          <div className="px-5 py-4 text-[13px] text-zinc-800 leading-relaxed" data-testid="document-text">
            <DocumentText text={document.text} />
          </div>
        </Card>
        <Card>
          <CardHeader title="Details" />
          <dl className="space-y-2 px-4 py-3 text-xs">
            <div>
              <dt className="text-zinc-500">Content hash</dt>
              <dd className="break-all font-mono text-zinc-700">{document.contentHash}</dd>
            </div>
            {metadataEntries.length > 0 ? (
              metadataEntries.map(([key, value]) => (
                <div key={key}>
                  <dt className="text-zinc-500">{key}</dt>
                  <dd className="break-words text-zinc-800">
                    {typeof value === "string" ? (
                      value
                    ) : (
                      <code className="font-mono">{JSON.stringify(value)}</code>
                    )}
                  </dd>
                </div>
              ))
            ) : (
              <div>
                <dt className="text-zinc-500">Metadata</dt>
                <dd>
                  <Badge>none</Badge>
                </dd>
              </div>
            )}
          </dl>
        </Card>
      </div>
    </>
  );
}

import type { Metadata } from "next";
import { buttonClassName } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getCorpus, listDocuments } from "@/lib/db/corpora";
import { ListPager } from "../../list-pager";
import { orNotFound, parseListParams } from "../../page-helpers";

export const metadata: Metadata = { title: "Corpus" };

const PAGE_SIZE = 50;

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function CorpusPage({ params, searchParams }: Props) {
  await requirePageUser();
  const { id } = await params;
  const { search, page } = parseListParams(await searchParams);
  const corpus = await orNotFound(getCorpus(db(), id));
  const [documents, total] = await listDocuments(db(), {
    corpusId: id,
    ...(search ? { search } : {}),
    skip: (page - 1) * PAGE_SIZE,
    take: PAGE_SIZE,
  });
  const pathname = `/corpora/${id}`;

  return (
    <>
      <PageHeader
        breadcrumbs={[{ href: "/corpora", label: "Corpora" }]}
        title={corpus.name}
        description={
          <>
            {corpus.description ? `${corpus.description} · ` : ""}
            <span className="tabular-nums">{formatCount(corpus._count.documents)}</span> documents · updated{" "}
            {formatDateTime(corpus.updatedAt)}
          </>
        }
      />
      <Card>
        <DocumentSearch pathname={pathname} search={search} />
        {documents.length === 0 ? (
          <div className="p-4">
            <EmptyState
              title={search ? `No document matches “${search}”` : "This corpus has no documents"}
              description={
                search
                  ? "Search looks at titles and ids (not the text). Try part of a title or an id."
                  : "Import documents into it from the Corpora page, using this corpus's name."
              }
              action={
                search ? (
                  <Link href={pathname} className={buttonClassName({ size: "sm" })}>
                    Show all documents
                  </Link>
                ) : (
                  <Link href="/corpora" className={buttonClassName({ size: "sm" })}>
                    Go to Corpora
                  </Link>
                )
              }
            />
          </div>
        ) : (
          <>
            <Table>
              <THead>
                <tr>
                  <Th className="w-56">Id</Th>
                  <Th>Title</Th>
                  <Th numeric>Version</Th>
                  <Th>Updated</Th>
                </tr>
              </THead>
              <DocumentRows pathname={pathname} documents={documents} />
            </Table>
            <ListPager
              pathname={pathname}
              params={{ q: search }}
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              noun="documents"
            />
          </>
        )}
      </Card>
    </>
  );
}

/** Search by title or id: a GET form, so the query is in the URL. */
function DocumentSearch({ pathname, search }: { pathname: string; search: string | undefined }) {
  return (
    <search className="block border-zinc-100 border-b">
      <form action={pathname} className="flex items-center gap-2 px-4 py-2.5">
        <label htmlFor="document-search" className="sr-only">
          Search documents
        </label>
        <Input
          id="document-search"
          name="q"
          type="search"
          defaultValue={search ?? ""}
          placeholder="Search by title or id…"
          className="max-w-sm"
          data-testid="document-search"
        />
        <button type="submit" className={buttonClassName({ size: "md" })}>
          Search
        </button>
        {search ? (
          <Link href={pathname} className="text-xs text-zinc-500 hover:text-zinc-900">
            Clear
          </Link>
        ) : null}
      </form>
    </search>
  );
}

type DocumentRow = Awaited<ReturnType<typeof listDocuments>>[0][number];

function DocumentRows({ pathname, documents }: { pathname: string; documents: DocumentRow[] }) {
  return (
    <TBody>
      {documents.map((document) => {
        const href = `${pathname}/documents/${document.id}`;
        return (
          <Tr key={document.id} data-testid="document-row">
            <Td className="max-w-56 truncate font-mono text-xs">
              <Link href={href} className="text-zinc-700 hover:underline">
                {document.externalId}
              </Link>
            </Td>
            <Td className="max-w-xl truncate">
              <Link href={href} className="text-zinc-900 hover:underline">
                {document.title || <span className="text-zinc-400 italic">untitled</span>}
              </Link>
            </Td>
            <Td numeric>{document.version}</Td>
            <Td className="whitespace-nowrap text-xs text-zinc-500">{formatDateTime(document.updatedAt)}</Td>
          </Tr>
        );
      })}
    </TBody>
  );
}

import type { Metadata } from "next";
import { SetsTable } from "@/components/sets/sets-table";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { can } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listCorpora } from "@/lib/db/corpora";
import { listGoldenSets } from "@/lib/db/golden-sets";
import { createSetAction } from "./actions";
import { ImportSetForm } from "./import-set-form";
import { NewSetForm } from "./new-set-form";

export const metadata: Metadata = { title: "Golden sets" };

export default async function SetsPage() {
  const user = await requirePageUser();
  const [sets, corpora] = await Promise.all([listGoldenSets(db()), listCorpora(db())]);
  const mayCurate = can(user.role, "curate");

  return (
    <>
      <PageHeader
        title="Golden sets"
        description="Labeled queries over one corpus: the gauge every retrieval change is read against. 50–200 labeled queries is where a set starts to gate decisions."
      />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardHeader title="All sets" description={formatCountOf(sets.length, "set")} />
          {sets.length === 0 ? (
            <div className="p-4">
              <EmptyState
                title="No golden sets yet"
                description={
                  corpora.length === 0
                    ? "A set is built over a corpus. Import your documents first, then create a set here."
                    : "Create a set with the form on the right, then add queries from a log or by hand — or import a set exported from another Goldenset."
                }
                action={
                  corpora.length === 0 ? (
                    <ButtonLink href="/corpora" variant="primary" size="sm">
                      Import a corpus
                    </ButtonLink>
                  ) : (
                    <ButtonLink href="/logs" size="sm">
                      Browse query logs
                    </ButtonLink>
                  )
                }
              />
            </div>
          ) : (
            <SetsTable sets={sets} linkTo="set" />
          )}
        </Card>

        {mayCurate ? (
          <div className="space-y-5">
            <Card>
              <CardHeader title="New golden set" />
              <CardBody>
                {corpora.length === 0 ? (
                  <p className="text-xs text-zinc-500">
                    A set labels passages of one corpus.{" "}
                    <Link href="/corpora" className="font-medium text-zinc-900 underline">
                      Import a corpus
                    </Link>{" "}
                    first.
                  </p>
                ) : (
                  <NewSetForm
                    action={createSetAction}
                    corpora={corpora.map((corpus) => ({
                      id: corpus.id,
                      name: corpus.name,
                      documents: corpus._count.documents,
                    }))}
                  />
                )}
              </CardBody>
            </Card>
            <Card>
              <CardHeader
                title="Import golden set JSON"
                description="All or nothing; the corpus must already hold the same documents."
              />
              <CardBody>
                <ImportSetForm />
              </CardBody>
            </Card>
          </div>
        ) : null}
      </div>
    </>
  );
}

import type { Metadata } from "next";
import { z } from "zod";
import { AgreementSummary } from "@/components/agreement/agreement-summary";
import { DisagreementCard } from "@/components/agreement/disagreement-card";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount, formatCountOf } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { getSetAgreement, LISTED_DISAGREEMENTS } from "@/lib/curation/get-set-agreement";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { orNotFound } from "../../../page-helpers";
import { setBreadcrumbs } from "../set-breadcrumbs";
import { adjudicateAction, clearAdjudicationAction } from "./actions";

export const metadata: Metadata = { title: "Agreement" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const filterSchema = z.object({ kind: z.enum(["relevance", "grade"]).optional().catch(undefined) });

const policyText = {
  any: "any annotator's label counts",
  majority: "a document is relevant when most of its annotators say so",
  mean: "a document counts with the annotators' mean grade",
} as const;

const filters = [
  { kind: undefined, label: "All" },
  { kind: "relevance", label: "Relevant vs not" },
  { kind: "grade", label: "Grades differ" },
] as const;

/** Links to the list of every disagreement, or of one kind; the current one marked. */
function DisagreementFilters({
  pathname,
  kind,
}: {
  pathname: string;
  kind: "relevance" | "grade" | undefined;
}) {
  return (
    <nav className="flex gap-1 text-xs" aria-label="Filter disagreements">
      {filters.map((filter) => (
        <Link
          key={filter.label}
          href={filter.kind ? `${pathname}?kind=${filter.kind}` : pathname}
          aria-current={filter.kind === kind ? "page" : undefined}
          className="rounded px-2 py-1 font-medium text-zinc-600 hover:bg-zinc-100 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white"
        >
          {filter.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Engineers and admins (the adjudicators): how far the set's annotators agree, and the pairs they
 * judged differently, each with the form that records the deciding judgment. Annotators do not
 * see it: side by side with others' judgments, blind judging would not stay blind.
 */
export default async function AgreementPage({ params, searchParams }: Props) {
  await requirePageUser("adjudicate");
  const { id } = await params;
  const { kind } = filterSchema.parse(await searchParams);
  const set = await orNotFound(getGoldenSet(db(), id));
  const { report, people, disagreements } = await getSetAgreement(db(), { setId: id, kind });
  const relevantName = set.gradeScale.find((level) => level.grade === set.relevantThreshold)?.name;
  const relevance = `grade ≥ ${set.relevantThreshold}${relevantName ? ` (${relevantName})` : ""}`;
  const pathname = `/sets/${id}/agreement`;
  const policy = set.judgmentPolicy in policyText ? (set.judgmentPolicy as keyof typeof policyText) : "any";

  return (
    <>
      <PageHeader
        breadcrumbs={setBreadcrumbs(set)}
        title="Agreement"
        description={
          <>
            How far the annotators of this set agree, and where they do not. Evaluation counts a decision
            where one is recorded; elsewhere the set's policy: {policyText[policy]} (“{policy}”,{" "}
            <Link href={`/sets/${id}#judgment-policy`} className="font-medium text-zinc-700 hover:underline">
              change it on the set
            </Link>
            ).
          </>
        }
      />
      {report.items === 0 ? (
        <EmptyState
          title="Nothing to agree on yet"
          description="Agreement needs (query, document) pairs that two or more annotators judged. Have a second annotator label some of the queries another has labeled — the same documents, passages or “not relevant” — and come back."
          action={
            <Link href={`/sets/${id}`} className="font-medium text-sm text-brand-700 hover:underline">
              Back to the set
            </Link>
          }
        />
      ) : (
        <>
          <AgreementSummary report={report} people={people} relevance={relevance} />
          <Card>
            <CardHeader
              title={`Disagreements (${formatCount(disagreements.total)})`}
              description={`Pairs whose annotators gave different values, undecided first; ${formatCount(disagreements.decided)} decided. A decision is an adjudicated label: it alone counts for its pair in every later run.`}
              actions={<DisagreementFilters pathname={pathname} kind={kind} />}
            />
            {disagreements.total === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-zinc-500" data-testid="no-disagreements">
                {kind
                  ? "No disagreement of this kind."
                  : "The annotators gave every item the same value: nothing to decide."}
              </p>
            ) : (
              <ol className="space-y-3 p-3">
                {disagreements.listed.map((item) => (
                  <DisagreementCard
                    key={`${item.query.id} ${item.document.id}`}
                    item={item}
                    queriesHref={`/sets/${id}/queries`}
                    grades={set.gradeScale}
                    relevantThreshold={set.relevantThreshold}
                    decide={adjudicateAction.bind(null, id)}
                    withdraw={clearAdjudicationAction.bind(null, id)}
                  />
                ))}
              </ol>
            )}
            {disagreements.total > disagreements.listed.length ? (
              <p className="border-zinc-100 border-t px-4 py-2 text-xs text-zinc-500">
                Showing the first {formatCountOf(LISTED_DISAGREEMENTS, "disagreement")} of{" "}
                {formatCount(disagreements.total)}; decide these to see the next.
              </p>
            ) : null}
          </Card>
        </>
      )}
    </>
  );
}

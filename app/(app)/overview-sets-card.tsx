import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { listGoldenSets } from "@/lib/db/golden-sets";
import { NOISE_FLOOR_QUERIES } from "@/lib/eval/run-report-schema";
import type { SetQueryCounts } from "@/lib/sets/query-counts";

type OverviewSet = Awaited<ReturnType<typeof listGoldenSets>>[number];

type OverviewSetsCardProps = {
  sets: OverviewSet[];
  /** The query counts of each set, in the order of `sets`. */
  progress: SetQueryCounts[];
  /** With no set yet, whether there is a corpus to build one over (else the way in is importing one). */
  hasCorpora: boolean;
};

/**
 * The overview's golden sets: each set's labeling progress and its queries with relevant labels
 * against the noise floor; with none, the next step (import a corpus, or create a set).
 */
export function OverviewSetsCard({ sets, progress, hasCorpora }: OverviewSetsCardProps) {
  return (
    <Card>
      <CardHeader
        title="Golden sets"
        description={`Labeling progress; metrics are noisy below ${NOISE_FLOOR_QUERIES} queries with relevant labels.`}
        actions={
          <Link href="/sets" className="text-xs font-medium text-zinc-600 hover:text-zinc-900">
            All sets →
          </Link>
        }
      />
      {sets.length === 0 ? (
        <div className="p-4">
          {!hasCorpora ? (
            <EmptyState
              title="Start with a corpus"
              description="A golden set labels passages of one corpus. Import your documents (JSONL or a BEIR zip), then a query log to sample real queries from."
              action={
                <div className="flex gap-2">
                  <ButtonLink href="/corpora" variant="primary" size="sm">
                    Import a corpus
                  </ButtonLink>
                  <ButtonLink href="/logs" size="sm">
                    Import a query log
                  </ButtonLink>
                </div>
              }
            />
          ) : (
            <EmptyState
              title="No golden sets yet"
              description="Create a set over one of your corpora, then add queries from a log or by hand and label them."
              action={
                <div className="flex gap-2">
                  <ButtonLink href="/sets" variant="primary" size="sm">
                    New golden set
                  </ButtonLink>
                  <ButtonLink href="/logs" size="sm">
                    Browse query logs
                  </ButtonLink>
                </div>
              }
            />
          )}
        </div>
      ) : (
        <Table>
          <THead>
            <tr>
              <Th>Set</Th>
              <Th className="w-48">Labeled queries</Th>
              <Th numeric>Queries with relevant labels</Th>
            </tr>
          </THead>
          <TBody>
            {sets.map((set, index) => {
              const row = progress[index];
              const labeled = row?.labeled ?? 0;
              const total = row?.total ?? 0;
              const relevant = row?.withRelevantLabels ?? 0;
              return (
                <Tr key={set.id}>
                  <Td>
                    <Link href={`/sets/${set.id}`} className="font-medium text-zinc-900 hover:underline">
                      {set.name}
                    </Link>
                    <div className="text-xs text-zinc-500">{set.corpus.name}</div>
                  </Td>
                  <Td>
                    <ProgressBar
                      value={total > 0 ? labeled / total : 0}
                      label={
                        <span className="tabular-nums">
                          {formatCount(labeled)} of {formatCount(total)}
                        </span>
                      }
                      tone={total > 0 && labeled === total ? "green" : "amber"}
                    />
                  </Td>
                  <Td numeric>
                    <span className={relevant < NOISE_FLOOR_QUERIES ? "text-brand-700" : "text-zinc-900"}>
                      {formatCount(relevant)} · goal {NOISE_FLOOR_QUERIES}
                    </span>
                    {relevant < NOISE_FLOOR_QUERIES ? (
                      <div className="text-[11px] text-zinc-500">
                        numbers are noisy below {NOISE_FLOOR_QUERIES} queries with relevant labels
                      </div>
                    ) : null}
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
      )}
    </Card>
  );
}

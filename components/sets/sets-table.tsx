import { formatDateTime } from "@/components/ui/format-date";
import { formatCount } from "@/components/ui/format-number";
import { Link } from "@/components/ui/link";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";

export type SetsTableRow = {
  id: string;
  name: string;
  description: string;
  updatedAt: Date;
  corpus: { name: string };
  _count: { queries: number; runs: number };
};

/** Where a set's name leads, and the test ids of its row and link there. */
const destinations = {
  /** The set's page (the sets list). */
  set: { href: (id: string) => `/sets/${id}`, rowTestId: "set-row", linkTestId: "set-link" },
  /** The set's evaluate page (/evaluate, choosing the set to evaluate against). */
  evaluate: {
    href: (id: string) => `/sets/${id}/runs`,
    rowTestId: "evaluate-set-row",
    linkTestId: "evaluate-set-link",
  },
};

/** Golden sets with their corpus, query and run counts and last change, most recent first as given. */
export function SetsTable({ sets, linkTo }: { sets: SetsTableRow[]; linkTo: keyof typeof destinations }) {
  const destination = destinations[linkTo];
  return (
    <Table>
      <THead>
        <tr>
          <Th>Set</Th>
          <Th>Corpus</Th>
          <Th numeric>Queries</Th>
          <Th numeric>Runs</Th>
          <Th>Updated</Th>
        </tr>
      </THead>
      <TBody>
        {sets.map((set) => (
          <Tr key={set.id} data-testid={destination.rowTestId}>
            <Td>
              <Link
                href={destination.href(set.id)}
                className="font-medium text-zinc-900 hover:underline"
                data-testid={destination.linkTestId}
              >
                {set.name}
              </Link>
              {set.description ? (
                <div className="max-w-md truncate text-xs text-zinc-500">{set.description}</div>
              ) : null}
            </Td>
            <Td className="text-zinc-600">{set.corpus.name}</Td>
            <Td numeric>{formatCount(set._count.queries)}</Td>
            <Td numeric>{formatCount(set._count.runs)}</Td>
            <Td className="whitespace-nowrap text-xs text-zinc-500">{formatDateTime(set.updatedAt)}</Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

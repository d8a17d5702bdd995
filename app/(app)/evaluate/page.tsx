import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listGoldenSets } from "@/lib/db/golden-sets";
import { formatCount, formatCountOf } from "../page-helpers";
import { evaluateLanding } from "./evaluate-landing";

export const metadata: Metadata = { title: "Evaluate" };

/**
 * /evaluate, the address an engineer types: the evaluate page of the only set, or the sets to
 * choose from (each set's evaluate page lives at /sets/<id>/runs).
 */
export default async function EvaluateLandingPage() {
  await requirePageUser();
  const sets = await listGoldenSets(db());
  const landing = evaluateLanding(sets);
  if (landing.kind === "redirect") redirect(landing.href);

  return (
    <>
      <PageHeader
        title="Evaluate"
        description="Runs are scored against one golden set's labels. Choose the set to evaluate against."
      />
      <Card data-testid="evaluate-sets">
        <CardHeader title="Golden sets" description={formatCountOf(sets.length, "set")} />
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
              <Tr key={set.id} data-testid="evaluate-set-row">
                <Td>
                  <Link
                    href={`/sets/${set.id}/runs`}
                    className="font-medium text-zinc-900 hover:underline"
                    data-testid="evaluate-set-link"
                  >
                    {set.name}
                  </Link>
                </Td>
                <Td className="text-zinc-600">{set.corpus.name}</Td>
                <Td numeric>{formatCount(set._count.queries)}</Td>
                <Td numeric>{formatCount(set._count.runs)}</Td>
                <Td className="whitespace-nowrap text-xs text-zinc-500">{formatDateTime(set.updatedAt)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      </Card>
    </>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SetsTable } from "@/components/sets/sets-table";
import { Card, CardHeader } from "@/components/ui/card";
import { formatCountOf } from "@/components/ui/format-number";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { listGoldenSets } from "@/lib/db/golden-sets";
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
        <SetsTable sets={sets} linkTo="evaluate" />
      </Card>
    </>
  );
}

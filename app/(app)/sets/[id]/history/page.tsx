import type { Metadata } from "next";
import { truncateMiddle } from "@/components/labeling/quote-preview";
import { LabelHistoryTable } from "@/components/sets/label-history-table";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { listSetLabelEvents } from "@/lib/db/label-events";
import { ListPager } from "../../../list-pager";
import { orNotFound, parseListParams } from "../../../page-helpers";
import { setBreadcrumbs } from "../set-breadcrumbs";
import { restoreLabelAction } from "./actions";
import { RestoreLabelButton } from "./restore-button";

export const metadata: Metadata = { title: "Label history" };

const PAGE_SIZE = 100;

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Admins: every label created, regraded, deleted or restored in a set; deleted labels can come back. */
export default async function LabelHistoryPage({ params, searchParams }: Props) {
  await requirePageUser("admin");
  const { id } = await params;
  const { page } = parseListParams(await searchParams);
  const set = await orNotFound(getGoldenSet(db(), id));
  const { total, rows } = await listSetLabelEvents(db(), { setId: id, page, pageSize: PAGE_SIZE });
  const pathname = `/sets/${id}/history`;

  return (
    <>
      <PageHeader
        breadcrumbs={setBreadcrumbs(set)}
        title="Label history"
        description="Every label created, regraded, deleted or restored in this set, newest first, with who did it. A deleted label keeps its content here and can be restored as it was."
      />
      <Card>
        {total === 0 ? (
          <div className="p-4">
            <EmptyState
              title="No label changes yet"
              description="When someone labels a query of this set, changes a grade or deletes a label, it appears here with who did it and when."
            />
          </div>
        ) : (
          <>
            <LabelHistoryTable
              setId={id}
              rows={rows}
              gradeScale={set.gradeScale}
              restoreControl={(row) => {
                const quote = row.before?.exact;
                return (
                  <RestoreLabelButton
                    action={restoreLabelAction.bind(null, id, row.id)}
                    description={quote ? `“${truncateMiddle(quote, 60)}”` : "(whole document)"}
                  />
                );
              }}
            />
            <ListPager
              pathname={pathname}
              params={{}}
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              noun={total === 1 ? "event" : "events"}
            />
          </>
        )}
      </Card>
    </>
  );
}

import type { Metadata } from "next";
import { REPAIR_SHORTCUTS } from "@/components/repair/repair-keys";
import { RepairQueue } from "@/components/repair/repair-queue";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCountOf } from "@/components/ui/format-number";
import { Kbd } from "@/components/ui/kbd";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/auth/session";
import { loadRepairQueue } from "@/lib/curation/load-repair-queue";
import { db } from "@/lib/db/client";
import { getGoldenSet } from "@/lib/db/golden-sets";
import { orNotFound } from "../../../page-helpers";
import { setBreadcrumbs } from "../set-breadcrumbs";
import { acceptRepairCandidateAction, dropRepairLabelAction } from "./actions";

export const metadata: Metadata = { title: "Repair labels" };

/** The set's orphan repair queue: labels that stopped anchoring after their document changed. */
export default async function RepairQueuePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser("label");
  const { id } = await params;
  const set = await orNotFound(getGoldenSet(db(), id));
  const items = await loadRepairQueue(db(), { setId: set.id, viewer: user });

  return (
    <>
      <PageHeader
        breadcrumbs={setBreadcrumbs(set)}
        title="Repair labels"
        description={
          items.length
            ? `${formatCountOf(items.length, "label")} no longer ${items.length === 1 ? "anchors" : "anchor"} (or ${items.length === 1 ? "anchors" : "anchor"} ambiguously) since ${items.length === 1 ? "its" : "their"} document changed. Accept the candidate that says the same, re-select by hand, or drop the label.`
            : "Labels whose document changed and that no longer anchor in the new text are listed here."
        }
      />
      <div className={items.length ? "grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_220px]" : undefined}>
        <RepairQueue
          items={items}
          workspaceHrefPrefix={`/sets/${set.id}/queries/`}
          accept={acceptRepairCandidateAction.bind(null, set.id)}
          drop={dropRepairLabelAction.bind(null, set.id)}
          empty={
            <EmptyState
              title="No label needs repair"
              description="Every label anchors in its document's current text. When a corpus import changes a document, labels that no longer fit show up here."
              action={
                <ButtonLink href={`/sets/${set.id}`} size="sm">
                  Back to the set
                </ButtonLink>
              }
            />
          }
        />
        {items.length ? (
          <ul className="space-y-1.5 rounded-lg border border-zinc-200 bg-white p-3 text-xs text-zinc-600 lg:sticky lg:top-0">
            {REPAIR_SHORTCUTS.map((shortcut) => (
              <li key={shortcut.description} className="flex items-center gap-2">
                <span className="flex gap-0.5">
                  {shortcut.keys.map((key) => (
                    <Kbd key={key}>{key}</Kbd>
                  ))}
                </span>
                {shortcut.description}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

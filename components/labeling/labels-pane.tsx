import type { ComponentProps } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { formatCountOf } from "@/components/ui/format-number";
import { LabelList } from "./label-list";
import { ShortcutHint } from "./shortcut-legend";

type LabelsPaneProps = ComponentProps<typeof LabelList> & {
  className?: string;
  onShowKeys: () => void;
};

/** The right-hand pane: every judgment of this query (grade 0 ones counted), and the key hint. */
export function LabelsPane({ className, onShowKeys, ...list }: LabelsPaneProps) {
  const notRelevant = list.labels.filter((label) => label.grade <= 0).length;
  return (
    <Card className={className}>
      <CardHeader
        title={`Labels (${list.labels.length})`}
        description={
          notRelevant > 0
            ? `All documents · ${formatCountOf(notRelevant, "not relevant", "not relevant")}`
            : "All documents of this query"
        }
        className="px-3 py-2"
      />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <LabelList {...list} />
      </div>
      <div className="shrink-0 border-zinc-100 border-t px-3 py-2">
        <ShortcutHint onOpen={onShowKeys} />
      </div>
    </Card>
  );
}

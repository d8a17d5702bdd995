"use client";

import type { ComponentProps } from "react";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { DocumentPanel } from "./document-panel";

type DocumentCardProps = Omit<ComponentProps<typeof DocumentPanel>, "document"> & {
  document: ComponentProps<typeof DocumentPanel>["document"] | null;
};

/** The workspace's middle pane: the open document, or how to open one. */
export function DocumentCard({
  document,
  labels,
  gradeScale,
  activeLabelId,
  containerRef,
  position,
  toolbar,
  suggestion,
}: DocumentCardProps) {
  return (
    <Card className="flex min-h-0 min-w-0 flex-col @min-[680px]:col-start-2 @min-[680px]:row-span-2 @min-[900px]:row-span-1">
      {document ? (
        <DocumentPanel
          document={document}
          labels={labels}
          gradeScale={gradeScale}
          activeLabelId={activeLabelId}
          containerRef={containerRef}
          position={position}
          toolbar={toolbar}
          suggestion={suggestion}
        />
      ) : (
        <EmptyState
          className="m-4"
          title="Open a candidate to start labeling"
          description="Pick a document on the left (or press J) to read it, then select the phrase that answers the query."
        />
      )}
    </Card>
  );
}

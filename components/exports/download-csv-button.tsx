"use client";

import { Button } from "@/components/ui/button";
import { downloadText } from "./browser-download";

/** Downloads a table's CSV (built on the server from the same numbers the table shows). */
export function DownloadCsvButton({
  csv,
  fileName,
  testId,
}: {
  csv: string;
  fileName: string;
  testId: string;
}) {
  return (
    <Button
      size="sm"
      variant="ghost"
      data-testid={testId}
      title={`Download ${fileName}`}
      onClick={() => downloadText(csv, fileName, "text/csv;charset=utf-8")}
    >
      CSV
    </Button>
  );
}

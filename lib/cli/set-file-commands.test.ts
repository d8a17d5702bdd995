import { describe, expect, it } from "vitest";
import { exportSetCommand, importSetCommand } from "@/lib/cli/set-file-commands";
import { runCommandInProcess } from "@/lib/cli/testing/run-command-in-process";

describe("export-set and import-set without their argument", () => {
  it("names what is missing: the set's NAME for export-set, the FILE for import-set", async () => {
    await expect(runCommandInProcess(exportSetCommand, ["--out", "set.json"])).rejects.toThrow(
      /^a NAME argument is required$/,
    );
    await expect(runCommandInProcess(importSetCommand, [])).rejects.toThrow(/^a FILE argument is required$/);
  });
});

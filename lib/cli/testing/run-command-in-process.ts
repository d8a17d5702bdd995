import { parseArgs } from "node:util";
import { vi } from "vitest";
import type { CommandArgs, CommandOptions, OptionValue } from "@/lib/cli/command-options";

type Command = { options: CommandOptions; run: (args: CommandArgs) => Promise<number> };

/**
 * Runs a CLI command in-process, parsing `args` as lib/cli/main.ts does, and returns its exit code
 * and everything it wrote to stdout (for tests; stdout is restored afterwards).
 */
export async function runCommandInProcess(
  command: Command,
  args: string[],
): Promise<{ code: number; stdout: string }> {
  const { values, positionals } = parseArgs({
    args,
    options: command.options,
    allowPositionals: true,
    strict: true,
  });
  let stdout = "";
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown, ...rest: unknown[]) => {
    stdout += String(chunk);
    (rest.find((arg) => typeof arg === "function") as (() => void) | undefined)?.();
    return true;
  });
  try {
    const code = await command.run({ values: values as Record<string, OptionValue>, positionals });
    return { code, stdout };
  } finally {
    write.mockRestore();
  }
}

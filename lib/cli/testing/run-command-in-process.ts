import { parseArgs } from "node:util";
import { vi } from "vitest";

type OptionValue = string | boolean | string[] | undefined;
type Command = {
  options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }>;
  run: (args: { values: Record<string, OptionValue>; positionals: string[] }) => Promise<number>;
};

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

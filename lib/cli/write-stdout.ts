/** Writes to stdout and resolves once it is flushed: lib/cli/main.ts exits the process right after a command. */
export function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** Prints `value` as indented JSON on stdout (the summaries the data commands print). */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

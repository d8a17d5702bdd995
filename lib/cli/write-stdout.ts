/** Writes to stdout and resolves once it is flushed: lib/cli/main.ts exits the process right after a command. */
export function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

import { parseArgs } from "node:util";
import { evalTrecCommand } from "@/lib/cli/eval-trec-command";

// Runs `eval-trec` the way lib/cli/main.ts does (parseArgs, then the command), then reports this
// process's peak resident memory on stderr as JSON for bench/eval-trec.ts.
const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: evalTrecCommand.options,
  allowPositionals: true,
  strict: true,
});
evalTrecCommand
  .run({ values: values as Record<string, string | boolean | string[] | undefined>, positionals })
  .then(
    (code) => {
      process.stderr.write(`${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS })}\n`);
      process.exit(code);
    },
    (error: unknown) => {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exit(1);
    },
  );

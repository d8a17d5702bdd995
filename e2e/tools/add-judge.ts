import { parseArgs } from "node:util";
import { db } from "@/lib/db/client";
import { saveJudge } from "@/lib/db/judges";

/**
 * Adds an LLM judge to the database DATABASE_URL names, as an engineer would on the Judges page,
 * and prints its id: e2e/judge-suggestions.spec.ts gives its own server (on its own database) a
 * judge against the fake chat server it runs.
 *
 *   DATABASE_URL=file:/tmp/x/e2e.db npx tsx e2e/tools/add-judge.ts --name e2e-judge --base-url http://127.0.0.1:4321/v1
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      name: { type: "string", default: "e2e-judge" },
      "base-url": { type: "string" },
      model: { type: "string", default: "fake-umbrela" },
    },
  });
  const baseUrl = values["base-url"];
  if (!baseUrl) throw new Error("--base-url is required");
  const { judge } = await saveJudge(db(), {
    settings: { name: values.name, baseUrl, model: values.model, concurrency: 2, timeoutMs: 10_000 },
    createdById: null,
    server: { allowList: [new URL(baseUrl).host], keyVariables: [] },
  });
  process.stdout.write(`${judge.id}\n`);
  await db().$disconnect();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

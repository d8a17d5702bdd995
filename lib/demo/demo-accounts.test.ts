import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { demoAccounts } from "@/lib/demo/demo-accounts";

// The users page and the banner say the demo passwords are published in the README: keep it true.
it("the README's quick start lists every demo account with its password", () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
  const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## What is in the demo"));
  for (const account of demoAccounts) {
    expect(quickStart).toMatch(
      new RegExp(`\\| ${account.role} +\\| \`${account.email}\` +\\| \`${account.password}\` +\\|`),
    );
  }
});

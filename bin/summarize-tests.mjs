// Prints the suite's closing lines from the JSON reports of Vitest (one or more: the SQLite run and
// the PostgreSQL pass) and Playwright (the file named *playwright*.json): each failed test by file
// and title, then "N passed, N failed, N skipped". CI shows the end of the output, so a failure
// printed far above by its runner is named again here.
import { readFileSync } from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

/** Playwright nests suites (file, describe) around specs; a spec failed when a test of it did. */
function playwrightFailures(suite, pass) {
  for (const spec of suite.specs ?? []) {
    if (spec.tests.some((test) => test.status === "unexpected")) {
      failures.push(`${pass}  ${spec.file}:${spec.line} › ${spec.title}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, pass);
}

for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const pass = path.basename(file, ".json");
  if (/playwright[^/]*\.json$/.test(file)) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) playwrightFailures(suite, pass);
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    for (const result of report.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name);
      const failedTests = result.assertionResults.filter((test) => test.status === "failed");
      for (const test of failedTests) failures.push(`${pass}  ${where} › ${test.fullName}`);
      // a file that failed before any test ran (an import, a hook) has no failed test to name
      if (result.status === "failed" && failedTests.length === 0) {
        failures.push(`${pass}  ${where}: ${String(result.message).split("\n")[0]}`);
      }
    }
  }
}
if (failures.length > 0) console.log(`Failed:\n${failures.map((line) => `  ${line}`).join("\n")}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failures.length > 0 ? 1 : 0);

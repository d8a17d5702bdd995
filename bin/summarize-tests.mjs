// Prints one closing line for the whole suite, "N passed, N failed", from the JSON reports of
// Vitest (one or more: the SQLite run and the PostgreSQL pass) and Playwright (the file named
// *playwright*.json). CI reads it; each runner's own summary is printed above it.
import { readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (/playwright[^/]*\.json$/.test(file)) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

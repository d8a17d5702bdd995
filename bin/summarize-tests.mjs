// Prints one closing line for the whole suite, "N passed, N failed", from the JSON reports of
// Vitest and Playwright (CI reads it; each runner's own summary is printed above it).
import { readFileSync } from "node:fs";

const [vitestFile, playwrightFile] = process.argv.slice(2);
const vitest = JSON.parse(readFileSync(vitestFile, "utf8"));
const playwright = JSON.parse(readFileSync(playwrightFile, "utf8"));
const passed = vitest.numPassedTests + playwright.stats.expected + playwright.stats.flaky;
const failed = vitest.numFailedTests + playwright.stats.unexpected;
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.stats.skipped;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

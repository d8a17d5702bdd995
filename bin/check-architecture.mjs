#!/usr/bin/env node
// The layering check in `npm test`: dependency-cruiser validates the rules in
// .dependency-cruiser.cjs (each named after the layer it protects), then the module graph is
// collapsed to lib/ folders and checked for cycles — folders, not only files, import one way.
import { execFileSync } from "node:child_process";

const roots = ["lib", "app", "components", "instrumentation.ts", "instrumentation-client.ts", "proxy.ts"];
const testCode = /(\.test\.tsx?$|\/testing\/)/;

let result;
try {
  const output = execFileSync(
    "npx",
    ["depcruise", "--config", ".dependency-cruiser.cjs", "--output-type", "json", ...roots],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  result = JSON.parse(output);
} catch (error) {
  // depcruise exits non-zero when a rule is violated; its JSON is still on stdout
  if (!error.stdout) throw error;
  result = JSON.parse(error.stdout);
}

const violations = result.summary.violations.filter((violation) => violation.rule.severity === "error");
for (const violation of violations) {
  const via = violation.cycle
    ? ` (cycle: ${violation.cycle.map((step) => step.name ?? step).join(" → ")})`
    : "";
  console.error(`✗ ${violation.rule.name}: ${violation.from} → ${violation.to}${via}`);
}

/** lib/<folder> for a module under lib/, undefined for anything else. */
function libFolder(source) {
  const match = /^lib\/([^/]+)\//.exec(source);
  return match ? `lib/${match[1]}` : undefined;
}

const folderEdges = new Map();
for (const module of result.modules) {
  const from = libFolder(module.source);
  if (!from || testCode.test(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = libFolder(dependency.resolved);
    if (!to || to === from) continue;
    if (!folderEdges.has(from)) folderEdges.set(from, new Set());
    folderEdges.get(from).add(to);
  }
}

// Depth-first search for a back edge; prints one cycle per strongly connected tangle.
const state = new Map();
const folderCycles = [];
function visit(folder, path) {
  state.set(folder, "open");
  for (const next of folderEdges.get(folder) ?? []) {
    if (state.get(next) === "open") folderCycles.push([...path.slice(path.indexOf(next)), next]);
    else if (!state.has(next)) visit(next, [...path, next]);
  }
  state.set(folder, "done");
}
for (const folder of [...folderEdges.keys()].sort()) if (!state.has(folder)) visit(folder, [folder]);
for (const cycle of folderCycles) console.error(`✗ no-folder-cycle: ${cycle.join(" → ")}`);

const modules = result.summary.totalCruised;
if (violations.length + folderCycles.length > 0) {
  console.error(`Architecture: ${violations.length + folderCycles.length} violations in ${modules} modules.`);
  process.exit(1);
}
console.log(
  `Architecture: ${modules} modules, ${folderEdges.size} lib folders, layers respected, no folder cycles.`,
);

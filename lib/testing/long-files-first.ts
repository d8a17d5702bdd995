import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Test files that each keep one worker busy for 20–250 s (an npm install that compiles SQLite, CLI
 * processes, a real collection), longest first. Vitest orders a fresh clone's files by size, which
 * left the packed install to start last: for its final ~100 s it was all that ran. Started first,
 * they overlap with the many short files instead.
 */
export const LONG_TEST_FILES = [
  "lib/cli/cli-packed-install.test.ts",
  "bin/goldenset.test.ts",
  "lib/cli/cli-anywhere.test.ts",
  "lib/runs/scifact-document-parity.test.ts",
  "lib/db/migrations/copy-database.test.ts",
  "lib/judging-runs/run-judging.test.ts",
  "lib/worker/worker-processes.test.ts",
  "bin/goldenset-compare.test.ts",
];

/** The rank of a test file among LONG_TEST_FILES; the rest after them, in the order given. */
export function longFileRank(moduleId: string): number {
  const rank = LONG_TEST_FILES.findIndex((file) => moduleId.endsWith(`/${file}`));
  return rank < 0 ? LONG_TEST_FILES.length : rank;
}

/**
 * Vitest's own order (each project's files together, failed and then longer ones first once a run
 * has been cached), with the long files of each project moved to its front.
 */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return sorted
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) =>
          projects.indexOf(a.file.project.name) - projects.indexOf(b.file.project.name) ||
          longFileRank(a.file.moduleId) - longFileRank(b.file.moduleId) ||
          a.index - b.index,
      )
      .map(({ file }) => file);
  }
}

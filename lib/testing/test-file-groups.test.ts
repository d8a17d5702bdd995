import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { groupTestFiles } from "./test-file-groups";

const root = mkdtempSync(path.join(tmpdir(), "goldenset-groups-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

write("lib/db/testing/test-database.ts", "export const x = 1;\n");
write("lib/auth/testing/app-test-database.ts", 'import "@/lib/db/testing/test-database";\n');
write("lib/db/testing/database-hooks.ts", 'import { x } from "./test-database";\n');
write("lib/a/pure.test.ts", 'import { z } from "zod";\nimport { y } from "./y";\n');
write("lib/a/y.ts", "export const y = 1;\n");
write("lib/a/direct.test.ts", 'import { createTestDatabase } from "@/lib/db/testing/test-database";\n');
write("lib/a/hooks.test.ts", 'import { useDatabase } from "../db/testing/database-hooks";\n');
write("lib/a/app.test.ts", 'const { db } = await import("@/lib/auth/testing/app-test-database");\n');
write("lib/a/env.test.ts", 'process.env.DATABASE_URL = "file:x";\n');
write("lib/a/mock.test.ts", 'vi.mock("node:fs");\n');
write("lib/a/reads-env.test.ts", 'expect(process.env.DATABASE_URL === "x").toBe(false);\n');

describe("groupTestFiles", () => {
  const groups = groupTestFiles(root, [
    "lib/a/pure.test.ts",
    "lib/a/direct.test.ts",
    "lib/a/hooks.test.ts",
    "lib/a/app.test.ts",
    "lib/a/env.test.ts",
    "lib/a/mock.test.ts",
    "lib/a/reads-env.test.ts",
  ]);

  it("finds the database tests directly, through a fixture and through the app database", () => {
    expect(groups.database).toEqual(["lib/a/direct.test.ts", "lib/a/hooks.test.ts", "lib/a/app.test.ts"]);
  });

  it("isolates the app database and files that change process.env or mock modules, nothing else", () => {
    expect(groups.isolated).toEqual(["lib/a/app.test.ts", "lib/a/env.test.ts", "lib/a/mock.test.ts"]);
    expect(groups.shared).toEqual([
      "lib/a/pure.test.ts",
      "lib/a/direct.test.ts",
      "lib/a/hooks.test.ts",
      "lib/a/reads-env.test.ts",
    ]);
  });
});

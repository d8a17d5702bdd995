import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, no type declarations
import { derivePostgresqlSchema } from "./derive-postgresql-schema.mjs";

const root = path.resolve(import.meta.dirname, "..");
const source = readFileSync(path.join(root, "prisma", "schema.prisma"), "utf8");

describe("bin/derive-postgresql-schema.mjs", () => {
  it("has written prisma/postgresql/schema.prisma from today's prisma/schema.prisma (not stale)", () => {
    expect(readFileSync(path.join(root, "prisma", "postgresql", "schema.prisma"), "utf8")).toBe(
      derivePostgresqlSchema(source),
    );
  });

  it("changes the provider and the client's folder, and stores every Json field as json", () => {
    const derived: string = derivePostgresqlSchema(source);
    expect(derived).toMatch(/provider = "postgresql"/);
    expect(derived).toMatch(/output\s+= "\.\.\/\.\.\/generated\/prisma-postgresql"/);
    const jsonFields = derived.match(/^\s+\w+\s+Json\??\s/gm) ?? [];
    expect(jsonFields.length).toBeGreaterThan(10);
    expect(derived.match(/^\s+\w+\s+Json\?? @db\.Json/gm)?.length).toBe(jsonFields.length);
    expect(derived).toMatch(/poolRunIds\s+Json @db\.Json\s+@default\("\[\]"\)/);
  });
});

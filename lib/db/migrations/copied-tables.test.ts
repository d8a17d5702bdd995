import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { afterKey, COPIED_TABLES } from "@/lib/db/migrations/copied-tables";

// migrate-data's table list against the schema source: a new model, key, relation or nullable
// Json field that the list does not reflect fails here, not in a user's migration.

type SchemaModel = {
  name: string;
  table: string;
  key: string[];
  nullableJson: string[];
  /** foreign key columns → the model they reference, and whether the column is optional */
  references: { column: string; model: string; optional: boolean }[];
};

function parseSchema(text: string): SchemaModel[] {
  const models: SchemaModel[] = [];
  for (const match of text.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const [, name = "", body = ""] = match;
    const model: SchemaModel = { name, table: name, key: [], nullableJson: [], references: [] };
    const optional = new Set<string>();
    for (const line of body.split("\n").map((raw) => raw.replace(/\/\/.*$/, "").trim())) {
      const map = /^@@map\("(\w+)"\)/.exec(line);
      if (map?.[1]) model.table = map[1];
      const compoundKey = /^@@id\(\[([^\]]+)\]\)/.exec(line);
      if (compoundKey?.[1]) model.key = compoundKey[1].split(",").map((field) => field.trim());
      const field = /^(\w+)\s+(\w+)(\??)(\[\])?\s*(.*)$/.exec(line);
      if (!field || line.startsWith("@@")) continue;
      const [, fieldName = "", type = "", question, , attributes = ""] = field;
      if (question) optional.add(fieldName);
      if (/(^|\s)@id(\s|$|\()/.test(attributes)) model.key = [fieldName];
      if (type === "Json" && question) model.nullableJson.push(fieldName);
      const relation = /@relation\([^)]*fields:\s*\[([^\]]+)\]/.exec(attributes);
      for (const column of relation?.[1]?.split(",").map((part) => part.trim()) ?? []) {
        model.references.push({ column, model: type, optional: false });
      }
    }
    for (const reference of model.references) reference.optional = optional.has(reference.column);
    models.push(model);
  }
  return models;
}

const schema = parseSchema(
  readFileSync(path.resolve(import.meta.dirname, "../../../prisma/schema.prisma"), "utf8"),
);
const delegateName = (model: string) => model.charAt(0).toLowerCase() + model.slice(1);

describe("COPIED_TABLES", () => {
  it("names every model of prisma/schema.prisma once, with its table, key and nullable Json fields", () => {
    expect(schema.length).toBeGreaterThanOrEqual(28);
    const expected = schema
      .map((model) => ({
        model: delegateName(model.name),
        table: model.table,
        key: model.key,
        nullableJson: model.nullableJson.sort(),
      }))
      .sort((a, b) => a.model.localeCompare(b.model));
    const listed = COPIED_TABLES.map((table) => ({
      model: table.model,
      table: table.table,
      key: [...table.key],
      nullableJson: [...(table.nullableJson ?? [])].sort(),
    })).sort((a, b) => a.model.localeCompare(b.model));
    expect(listed).toEqual(expected);
  });

  it("puts every table after the tables it references, but for optional deferred columns", () => {
    const position = new Map(COPIED_TABLES.map((table, index) => [table.model, index]));
    const tableOf = new Map(COPIED_TABLES.map((table) => [table.model, table]));
    const violations: string[] = [];
    for (const model of schema) {
      const own = delegateName(model.name);
      for (const reference of model.references) {
        const deferred = tableOf.get(own)?.deferredColumns?.includes(reference.column) ?? false;
        if (deferred) {
          if (!reference.optional)
            violations.push(`${model.name}.${reference.column} is deferred but required`);
          continue;
        }
        if ((position.get(delegateName(reference.model)) ?? -1) >= (position.get(own) ?? -1)) {
          violations.push(`${model.name}.${reference.column} → ${reference.model} comes too late`);
        }
      }
    }
    expect(violations).toEqual([]);
    // the parser found the relations (a regex that matched nothing would pass the loop above)
    expect(schema.flatMap((model) => model.references).length).toBeGreaterThanOrEqual(35);
  });

  it("defers only columns that are foreign keys of their table", () => {
    for (const table of COPIED_TABLES) {
      const model = schema.find((candidate) => delegateName(candidate.name) === table.model);
      for (const column of table.deferredColumns ?? []) {
        expect(model?.references.map((reference) => reference.column)).toContain(column);
      }
    }
  });
});

describe("afterKey", () => {
  it("is a plain greater-than on a one-field key", () => {
    expect(afterKey(["id"], { id: "b", other: 1 })).toEqual({ id: { gt: "b" } });
  });

  it("orders a compound key field by field", () => {
    expect(afterKey(["runId", "queryId"], { runId: "r", queryId: "q" })).toEqual({
      OR: [{ runId: { gt: "r" } }, { runId: "r", queryId: { gt: "q" } }],
    });
  });
});

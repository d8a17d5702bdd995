import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { containsIgnoringCase, sqlDialect } from "@/lib/db/sql-dialect";
import { createTestDatabase, type TestDatabase, testDatabaseProvider } from "@/lib/db/testing/test-database";

// Each piece of the seam on the real database of this pass (SQLite, and PostgreSQL in its pass):
// the same statement must give the same rows on both.

let database: TestDatabase;

beforeAll(() => {
  database = createTestDatabase();
});

afterAll(async () => {
  await database.dispose();
});

describe("sqlDialect", () => {
  it("is the provider of the client it is asked about", () => {
    expect(sqlDialect(database.prisma).provider).toBe(testDatabaseProvider());
  });

  it("expands a bound JSON array into rows, as text or as JSON with ->> fields, typed as columns", async () => {
    const dialect = sqlDialect(database.prisma);
    const texts = await database.prisma.$queryRaw<{ value: string }[]>`
      SELECT t."value" AS "value" FROM ${dialect.jsonArrayTexts(Prisma.sql`${JSON.stringify(["b", "a", "é"])}`, "t")}
      ORDER BY t."value"`;
    expect(texts.map((row) => row.value)).toEqual(["a", "b", "é"]);
    const batch = JSON.stringify([
      ["q1", 3, "2026-01-02T03:04:05.678+00:00"],
      ["q2", 40, null],
    ]);
    const rows = await database.prisma.$queryRaw<
      { id: string; count: number | bigint; seen: Date | string | null }[]
    >`
      SELECT e."value"->>0 AS "id", ${dialect.typed(Prisma.sql`e."value"->>1`, "integer")} AS "count",
             ${dialect.typed(Prisma.sql`e."value"->>2`, "datetime")} AS "seen"
      FROM ${dialect.jsonArrayElements(Prisma.sql`${batch}`, "e")}
      ORDER BY 1`;
    expect(
      rows.map((row) => [
        row.id,
        Number(row.count),
        row.seen === null ? null : new Date(row.seen).toISOString(),
      ]),
    ).toEqual([
      ["q1", 3, "2026-01-02T03:04:05.678Z"],
      ["q2", 40, null],
    ]);
  });

  it("inserts a bound batch of rows of every column type exactly, beyond the bound-parameter limits", async () => {
    const { prisma } = database;
    const dialect = sqlDialect(prisma);
    const postgresql = dialect.provider === "postgresql";
    await prisma.$executeRawUnsafe(
      `CREATE TABLE "DialectRows" ("key" TEXT, "rank" INTEGER, "score" ${postgresql ? "DOUBLE PRECISION" : "REAL"}, "doc" ${postgresql ? "JSONB" : "TEXT"}, "flag" BOOLEAN)`,
    );
    // more rows × columns than SQLite's 32,766 or PostgreSQL's 65,535 placeholders would allow
    const count = 20_000;
    const scores = Array.from({ length: count }, (_, index) => Math.sin(index) * 10 ** ((index % 9) - 4));
    scores.splice(1, 4, 0.1 + 0.2, 5e-324, 1.7976931348623157e308, -7);
    const inserted = await prisma.$executeRaw`
      INSERT INTO "DialectRows" ("key", "rank", "score", "doc", "flag") ${dialect.selectRows([
        { name: "key", type: "text", values: scores.map((_, index) => `k${index}é"'`) },
        { name: "rank", type: "integer", values: scores.map((_, index) => index) },
        { name: "score", type: "float", values: scores },
        {
          name: "doc",
          type: "json",
          values: scores.map((_, index) => JSON.stringify({ b: index, a: [index % 3 === 0] })),
        },
        { name: "flag", type: "boolean", values: scores.map((_, index) => index % 2 === 0) },
      ])}`;
    expect(inserted).toBe(count);
    const rows = await prisma.$queryRaw<
      { key: string; rank: number | bigint; score: number; doc: unknown; flag: boolean | number | bigint }[]
    >`SELECT "key", "rank", "score", "doc", "flag" FROM "DialectRows" ORDER BY "rank"`;
    expect(rows.map((row) => row.score)).toEqual(scores);
    expect(rows.every((row, index) => row.key === `k${index}é"'` && Number(row.rank) === index)).toBe(true);
    const doc = rows[3]!.doc;
    expect(typeof doc === "string" ? JSON.parse(doc) : doc).toEqual({ b: 3, a: [true] });
    expect(rows.slice(0, 4).map((row) => Boolean(Number(row.flag)))).toEqual([true, false, true, false]);
  });

  it("reads JSON paths, aggregates to JSON text and joined text, and matches ignoring case", async () => {
    const { prisma } = database;
    const dialect = sqlDialect(prisma);
    const user = await prisma.user.create({ data: { id: "u1", name: "U", email: "u@example.test" } });
    for (const [name, kind] of [
      ["Dense Large", "dense"],
      ["bm25 baseline", "bm25"],
    ] as const) {
      await prisma.retrievalConfig.create({
        data: { name, version: 1, params: { retriever: { kind } }, createdById: user.id },
      });
    }
    const kinds = await prisma.$queryRaw<{ name: string; kind: string }[]>`
      SELECT "name", ${dialect.jsonPathText(Prisma.sql`"params"`, ["retriever", "kind"])} AS "kind"
      FROM "RetrievalConfig" ORDER BY "name"`;
    expect(kinds).toEqual([
      { name: "Dense Large", kind: "dense" },
      { name: "bm25 baseline", kind: "bm25" },
    ]);
    const [aggregated] = await prisma.$queryRaw<{ names: string; joined: string }[]>`
      SELECT ${dialect.jsonArrayAggText(Prisma.sql`"name"`)} AS "names",
             ${dialect.groupConcat(Prisma.sql`"name"`, "|")} AS "joined"
      FROM "RetrievalConfig"`;
    expect((JSON.parse(aggregated?.names ?? "[]") as string[]).sort()).toEqual([
      "Dense Large",
      "bm25 baseline",
    ]);
    expect(aggregated?.joined.split("|").sort()).toEqual(["Dense Large", "bm25 baseline"]);
    const liked = await prisma.$queryRaw<{ name: string }[]>`
      SELECT "name" FROM "RetrievalConfig" WHERE ${dialect.likeIgnoringCase(Prisma.sql`"name"`, "%DENSE%")}`;
    expect(liked).toEqual([{ name: "Dense Large" }]);
    const found = await prisma.retrievalConfig.findMany({
      where: { name: containsIgnoringCase(prisma, "BASELINE") },
      select: { name: true },
    });
    expect(found).toEqual([{ name: "bm25 baseline" }]);
  });

  it("writes DateTime values that Prisma reads back as the same instant", async () => {
    const { prisma } = database;
    const at = new Date("2026-05-06T07:08:09.123Z");
    await prisma.$executeRaw`
      INSERT INTO "SignInRateLimit" ("key", "points", "expire")
      VALUES ('k', 1, ${sqlDialect(prisma).dateTimeValue(at)})`;
    const row = await prisma.signInRateLimit.findUniqueOrThrow({ where: { key: "k" } });
    expect(row.expire?.toISOString()).toBe(at.toISOString());
  });
});

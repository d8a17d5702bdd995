import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { importGoldenSetFile } from "@/lib/curation/golden-set-import";
import { createLabelFixture } from "@/lib/curation/testing/label-fixture";
import type { Db } from "@/lib/db/client";
import { buildGoldenSetFile } from "@/lib/db/golden-set-exchange";
import { createTestDatabase, tableCounts } from "@/lib/db/testing/test-database";
import type { GoldenSetFile } from "@/lib/exchange/golden-set-schema";
import { parseGoldenSetFile } from "@/lib/exchange/parse-golden-set-file";
import { parseJudgmentFiles } from "@/lib/exchange/parse-judgment-files";
import { readCorpusJsonl } from "@/lib/exchange/read-corpus-jsonl";
import { serializeGoldenSetFile } from "@/lib/exchange/serialize-golden-set-file";
import { withRoute } from "@/lib/http/route-handler";
import { readLog } from "@/lib/logs/read-log";

// Text PostgreSQL cannot store (issue 21, item 5) — a NUL character, a lone surrogate — is refused
// with a message naming where it is, before the driver sees it, on SQLite as on PostgreSQL
// (GOLDENSET_TEST_DATABASE=postgresql runs this file there): nothing is written.

let database: ReturnType<typeof createTestDatabase>;
let prisma: Db;
let file: GoldenSetFile;
let importer: { id: string; email: string };

beforeAll(async () => {
  database = createTestDatabase();
  prisma = database.prisma;
  const world = await createLabelFixture(prisma, "storable");
  importer = world.users.admin;
  file = await buildGoldenSetFile(prisma, world.set.id);
});

afterAll(async () => {
  await database.dispose();
});

async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

function withQueryText(text: string): string {
  const copy = structuredClone(file);
  copy.set.name = `storable ${Math.random()}`;
  copy.queries[0]!.text = text;
  return serializeGoldenSetFile(copy);
}

describe("text the database cannot store", () => {
  it("a golden set file with a NUL or a lone surrogate is refused naming its JSON path; nothing is written", async () => {
    const before = await tableCounts(prisma);
    for (const [text, problem] of [
      ["reset\u0000 the router", /NUL character/],
      ["reset \uD800 the router", /lone surrogate/],
    ] as const) {
      const attempt = (async () =>
        importGoldenSetFile(prisma, { file: parseGoldenSetFile(withQueryText(text)), actor: importer }))();
      await expect(attempt).rejects.toThrow(/queries\[0\]\.text: the text has/);
      await expect(attempt).rejects.toThrow(problem);
    }
    expect(await tableCounts(prisma)).toEqual(before);
    // the same file without it imports
    const imported = await importGoldenSetFile(prisma, {
      file: parseGoldenSetFile(withQueryText("reset the router 😀")),
      actor: importer,
    });
    expect(imported.queries).toBe(file.queries.length);
  });

  it("a corpus line with one is refused naming its line and field", async () => {
    const jsonl = `{"_id":"d1","text":"fine"}\n{"_id":"d2","title":"t","text":"bad \\u0000 text"}\n`;
    const reading = (async () => {
      for await (const _ of readCorpusJsonl(bytesOf(jsonl))) {
        // drain
      }
    })();
    await expect(reading).rejects.toThrow(/^line 2, text: the text has a NUL character/);
  });

  it("judgment files: a topics line with a NUL is refused naming the file and line", () => {
    expect(() =>
      parseJudgmentFiles({
        format: "trec",
        judgments: { name: "q.qrels", text: "1 0 d1 1\n" },
        queries: { name: "topics.tsv", text: "1\tfine\n2\tbad\u0000\n" },
      }),
    ).toThrow(/topics\.tsv line 2: the text has a NUL/);
  });

  it("a JSONL log query with an escaped NUL is a binary line: skipped and counted", async () => {
    const log = '{"query":"router reset"}\n{"query":"bad \\u0000 query"}\n{"query":"lone \\ud800"}\n';
    const { entries, summary } = await readLog(bytesOf(log), { format: "jsonl", field: "query" });
    expect(entries.map((entry) => entry.display)).toEqual(["router reset"]);
    expect(summary.skipped).toMatchObject({ binary: 1, malformed: 1 });
  });

  it("a route's JSON body, query or parameter with one gets 400 naming the field", async () => {
    const route = withRoute({ access: "public", body: z.object({ name: z.string() }) }, async ({ body }) =>
      Response.json(body),
    );
    const response = await route(
      new Request("http://localhost/api/things", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "a\u0000b" }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "bad_request", location: { path: "name" } });
  });
});

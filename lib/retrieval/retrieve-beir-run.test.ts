import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrieveCommand } from "@/lib/cli/retrieve-command";
import { AppError } from "@/lib/errors";

describe("goldenset retrieve", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "goldenset-retrieve-"));
    const beir = join(dir, "beir");
    await mkdir(join(beir, "qrels"), { recursive: true });
    const documents = [
      { _id: "d1", title: "Fans", text: "The power supply fan is loud." },
      { _id: "d2", title: "", text: "Reset the unit after error E-4012." },
      { _id: "q1", title: "Cables", text: "A fan cable, the same id as a query." },
      { _id: "d3", title: "Other", text: "Nothing relevant here." },
    ];
    await writeFile(join(beir, "corpus.jsonl"), documents.map((d) => JSON.stringify(d)).join("\n"));
    const queries = [
      { _id: "q1", text: "fan cable" },
      { _id: "q2", text: "error reset" },
      { _id: "q3", text: "unjudged in test" },
    ];
    await writeFile(join(beir, "queries.jsonl"), queries.map((q) => JSON.stringify(q)).join("\n"));
    await writeFile(join(beir, "qrels", "test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t1\n");
    await writeFile(
      join(dir, "tuned.json"),
      JSON.stringify({ retriever: { kind: "bm25", k1: 1.2, b: 0.75 } }),
    );
    await writeFile(join(dir, "bad.json"), JSON.stringify({ retriever: { kind: "bm25", b: 2 } }));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = (values: Record<string, string>) => retrieveCommand.run({ values, positionals: [] });

  it("writes a TREC run for the split's queries, never returning the query's own id", async () => {
    const out = join(dir, "run.txt");
    expect(await run({ beir: join(dir, "beir"), config: "bm25", out })).toBe(0);
    const lines = (await readFile(out, "utf8")).trim().split("\n");
    const fields = lines.map((line) => line.split(" "));
    expect(new Set(fields.map((field) => field[0]))).toEqual(new Set(["q1", "q2"]));
    expect(fields.every((field) => field.length === 6 && field[1] === "Q0" && field[5] === "bm25")).toBe(
      true,
    );
    expect(fields.some((field) => field[0] === "q1" && field[2] === "q1")).toBe(false);
    expect(fields.find((field) => field[0] === "q1")?.[2]).toBe("d1");
    expect(fields.find((field) => field[0] === "q2")).toEqual([
      "q2",
      "Q0",
      "d2",
      "1",
      expect.any(String),
      "bm25",
    ]);
  });

  it("takes a config file (tag = file name) and --hits", async () => {
    const out = join(dir, "tuned.txt");
    await run({ beir: join(dir, "beir"), config: join(dir, "tuned.json"), out, hits: "1" });
    const lines = (await readFile(out, "utf8")).trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.endsWith(" tuned"))).toBe(true);
  });

  it("fails clearly on bad arguments", async () => {
    const beir = join(dir, "beir");
    const out = join(dir, "x.txt");
    await expect(run({ beir, config: "lsa", out })).rejects.toThrowError(/not available yet/);
    await expect(run({ beir, config: join(dir, "bad.json"), out })).rejects.toThrowError(/retriever\.b/);
    await expect(run({ beir, config: join(dir, "missing.json"), out })).rejects.toThrowError(
      /cannot read config/,
    );
    await expect(run({ beir, config: "bm25", out, hits: "0" })).rejects.toThrowError(/--hits/);
    await expect(run({ beir, config: "bm25", out, split: "dev" })).rejects.toThrowError(AppError);
    await expect(run({ config: "bm25", out })).rejects.toThrowError(/--beir is required/);
  });
});

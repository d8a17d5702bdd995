import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAppTestDatabase, signInAs } from "@/lib/auth/testing/app-test-database";
import { projectRoot } from "@/lib/env";

// The route on a real SQLite file and a real session: it streams the upload to disk and queues
// the import-log job (the worker is not running, so the job stays queued with its file).
const database = createAppTestDatabase();
const { POST } = await import("./route");

type LogPayload = {
  filePath: string;
  fileName: string;
  logName: string;
  contentHash: string;
  options: unknown;
};

let cookie: string;
let userId: string;

beforeAll(async () => {
  ({ cookie, userId } = await signInAs("engineer"));
});

afterEach(async () => {
  for (const job of await database.prisma.job.findMany())
    rmSync((job.payload as LogPayload).filePath, { force: true });
  await database.prisma.job.deleteMany();
});

afterAll(async () => {
  await database.dispose();
});

function request(form: FormData, headers: Record<string, string> = { cookie }) {
  return POST(new Request("http://localhost/api/logs/import", { method: "POST", body: form, headers }));
}

function upload(
  fields: Record<string, string>,
  file = new Blob(["q,n\nfan noise,3\n"]),
  fileName = "march.csv",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file, fileName);
  return request(form);
}

const uploadsDirectory = () => path.join(projectRoot(), "data", "uploads");

/**
 * The files holding `content` that appeared in the uploads folder since `before`: other test files
 * upload into the same folder at the same time, so counting its files would see theirs.
 */
function newUploads(before: ReadonlySet<string>, content: string): string[] {
  const holds = (name: string) => {
    try {
      return readFileSync(path.join(uploadsDirectory(), name), "utf8") === content;
    } catch {
      return false; // removed meanwhile by the test that uploaded it
    }
  };
  return readdirSync(uploadsDirectory()).filter((name) => !before.has(name) && holds(name));
}

describe("POST /api/logs/import", () => {
  it("streams the file to disk and queues the job with its hash and format options", async () => {
    const response = await upload({
      logName: "March",
      format: "auto",
      column: "q",
      countColumn: "n",
      field: "",
    });
    expect(response.status).toBe(202);
    const { jobId } = await response.json();
    const job = await database.prisma.job.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ kind: "import-log", status: "queued", createdById: userId });
    const payload = job.payload as LogPayload;
    expect(payload).toMatchObject({
      fileName: "march.csv",
      logName: "March",
      options: { format: "csv", column: "q", countColumn: "n" },
    });
    expect(payload.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(payload.filePath, "utf8")).toBe("q,n\nfan noise,3\n");
  });

  it("answers 400 naming the option that does not fit the format, and keeps no file", async () => {
    const before = new Set(readdirSync(uploadsDirectory()));
    const response = await upload({ logName: "March", format: "jsonl", column: "q" });
    expect(newUploads(before, "q,n\nfan noise,3\n")).toEqual([]);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "column: column does not apply to jsonl logs (use field options)",
      location: { path: "column" },
      issues: [{ path: "column", message: "column does not apply to jsonl logs (use field options)" }],
    });
    expect(await database.prisma.job.count()).toBe(0);
  });

  it("answers 400 without a file", async () => {
    const form = new FormData();
    form.append("logName", "March");
    const response = await request(form);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Choose a file to upload");
  });

  it("answers 401 to a signed-out upload and 403 to an annotator, before reading the file", async () => {
    const before = new Set(readdirSync(uploadsDirectory()));
    const form = () => {
      const data = new FormData();
      data.append("logName", "March");
      data.append("file", new Blob(["fan noise\n"]), "march.txt");
      return data;
    };
    expect((await request(form(), {})).status).toBe(401);
    const annotator = await signInAs("annotator");
    expect((await request(form(), { cookie: annotator.cookie })).status).toBe(403);
    expect(newUploads(before, "fan noise\n")).toEqual([]);
    expect(await database.prisma.job.count()).toBe(0);
  });
});

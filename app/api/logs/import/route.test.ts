import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enqueueJob } from "@/lib/db/jobs";
import { projectRoot } from "@/lib/env";
import { POST } from "./route";

// The route only parses and enqueues: auth, the database and the job queue are stubbed.
vi.mock("@/lib/auth/session", () => ({ requireUser: vi.fn(async () => ({ id: "user-1", role: "admin" })) }));
vi.mock("@/lib/db/client", () => ({ db: () => ({}) }));
vi.mock("@/lib/db/jobs", () => ({ enqueueJob: vi.fn(async () => "job-1") }));

type LogPayload = {
  filePath: string;
  fileName: string;
  logName: string;
  contentHash: string;
  options: unknown;
};

function upload(
  fields: Record<string, string>,
  file = new Blob(["q,n\nfan noise,3\n"]),
  fileName = "march.csv",
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file, fileName);
  return POST(new Request("http://localhost/api/logs/import", { method: "POST", body: form }));
}

afterEach(() => {
  for (const call of vi.mocked(enqueueJob).mock.calls)
    rmSync((call[1].payload as LogPayload).filePath, { force: true });
  vi.mocked(enqueueJob).mockClear();
});

describe("POST /api/logs/import", () => {
  it("streams the file to disk and enqueues the job with its hash and format options", async () => {
    const response = await upload({
      logName: "March",
      format: "auto",
      column: "q",
      countColumn: "n",
      field: "",
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ jobId: "job-1" });
    const payload = vi.mocked(enqueueJob).mock.calls[0]![1].payload as LogPayload;
    expect(payload).toMatchObject({
      fileName: "march.csv",
      logName: "March",
      options: { format: "csv", column: "q", countColumn: "n" },
    });
    expect(payload.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(payload.filePath, "utf8")).toBe("q,n\nfan noise,3\n");
  });

  it("answers 400 naming the option that does not fit the format, and keeps no file", async () => {
    const uploads = path.join(projectRoot(), "data", "uploads");
    const before = readdirSync(uploads).length;
    const response = await upload({ logName: "March", format: "jsonl", column: "q" });
    expect(readdirSync(uploads).length).toBe(before);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: "column: column does not apply to jsonl logs (use field options)",
      location: { path: "column" },
    });
    expect(enqueueJob).not.toHaveBeenCalled();
  });

  it("answers 400 without a file", async () => {
    const form = new FormData();
    form.append("logName", "March");
    const response = await POST(
      new Request("http://localhost/api/logs/import", { method: "POST", body: form }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Choose a file to upload");
  });
});

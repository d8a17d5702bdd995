import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { readMultipartUpload } from "@/lib/http/uploads";
import { appErrorOf } from "@/lib/testing/app-error-of";

let directory: string;

beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "goldenset-uploads-"));
});

afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

function formRequest(entries: [string, string | Blob, string?][]): Request {
  const form = new FormData();
  for (const [name, value, fileName] of entries) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, fileName);
  }
  const request = new Request("http://localhost/api/upload", { method: "POST", body: form });
  vi.spyOn(request, "formData");
  return request;
}

describe("readMultipartUpload", () => {
  it("saves the other file fields it is told of, and deletes them all when the form is refused", async () => {
    const request = () =>
      formRequest([
        ["file", new Blob(["q1 0 d1 1\n"]), "qrels.txt"],
        ["queries", new Blob(["q1\ttext\n"]), "topics.tsv"],
        ["ignored", new Blob(["x"]), "x.txt"],
      ]);
    const { file, otherFiles } = await readMultipartUpload(request(), {
      directory,
      otherFileFields: ["queries"],
    });
    expect(Object.keys(otherFiles)).toEqual(["queries"]);
    expect(readFileSync(otherFiles.queries?.path ?? "", "utf8")).toBe("q1\ttext\n");
    expect(readdirSync(directory).sort()).toEqual(
      [path.basename(file.path), path.basename(otherFiles.queries?.path ?? "")].sort(),
    );
    rmSync(directory, { recursive: true, force: true });
    directory = mkdtempSync(path.join(tmpdir(), "goldenset-uploads-"));
    const refused = readMultipartUpload(request(), {
      directory,
      otherFileFields: ["queries"],
      parseFields: () => {
        throw new AppError("bad_request", "no");
      },
    });
    expect((await appErrorOf(refused)).message).toBe("no");
    expect(readdirSync(directory)).toEqual([]);
  });

  it("streams the file to disk with its sha256 and collects the text fields", async () => {
    const content = "fan noise\nraid rebuild\n";
    const request = formRequest([
      ["logName", "March"],
      ["file", new Blob([content]), "queries.TXT"],
      ["format", "text"],
    ]);
    const { fields, file } = await readMultipartUpload(request, { directory });
    expect(fields).toEqual({ logName: "March", format: "text" });
    expect(file).toMatchObject({
      name: "queries.TXT",
      size: content.length,
      sha256: createHash("sha256").update(content).digest("hex"),
    });
    expect(path.dirname(file.path)).toBe(directory);
    expect(file.path.endsWith(".txt")).toBe(true);
    expect(readFileSync(file.path, "utf8")).toBe(content);
    expect(request.formData).not.toHaveBeenCalled();
  });

  it("validates the fields with parseFields and deletes the file when they are invalid", async () => {
    const request = formRequest([["file", new Blob(["x\n"]), "a.txt"]]);
    const parseFields = (form: Record<string, string>) => z.object({ logName: z.string() }).parse(form);
    await expect(readMultipartUpload(request, { directory, parseFields })).rejects.toThrow(z.ZodError);
    expect(readdirSync(directory)).toEqual([]);
  });

  it("refuses a file over the cap as soon as it is crossed and deletes the partial file", async () => {
    const request = formRequest([["file", new Blob([new Uint8Array(300_000)]), "big.log"]]);
    const error = await appErrorOf(readMultipartUpload(request, { directory, maxBytes: 100_000 }));
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe("The file is larger than 100000 bytes.");
    expect(readdirSync(directory)).toEqual([]);
  });

  it("says which size is too large in people's units", async () => {
    const request = formRequest([["file", new Blob([new Uint8Array(3 * 1024 * 1024)]), "big.log"]]);
    const error = await appErrorOf(readMultipartUpload(request, { directory, maxBytes: 2 * 1024 * 1024 }));
    expect(error.message).toBe("The file is larger than 2 MB.");
  });

  it("refuses a missing file, an empty file and a request that is not multipart", async () => {
    expect(
      (await appErrorOf(readMultipartUpload(formRequest([["logName", "x"]]), { directory }))).message,
    ).toBe("Choose a file to upload");
    const empty = formRequest([["file", new Blob([]), "empty.txt"]]);
    expect((await appErrorOf(readMultipartUpload(empty, { directory }))).message).toBe("The file is empty");
    const json = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect((await appErrorOf(readMultipartUpload(json, { directory }))).message).toMatch(
      /multipart\/form-data/,
    );
    expect(readdirSync(directory)).toEqual([]);
  });

  it("gives no file when the file is optional and none (or an empty nameless part) was sent", async () => {
    const none = await readMultipartUpload(formRequest([["name", "x"]]), { directory, fileRequired: false });
    expect(none).toEqual({ fields: { name: "x" }, file: undefined, otherFiles: {} });
    const nameless = formRequest([["file", new Blob([]), ""]]);
    expect((await readMultipartUpload(nameless, { directory, fileRequired: false })).file).toBeUndefined();
    expect(readdirSync(directory)).toEqual([]);
  });

  it("refuses a truncated multipart body and leaves no file behind", async () => {
    const boundary = "----goldenset";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nfan noise\n`;
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const error = await appErrorOf(readMultipartUpload(request, { directory }));
    expect(error.message).toMatch(/not a readable multipart form/);
    expect(readdirSync(directory)).toEqual([]);
  });

  it("streams a 200 MB upload in far less memory than the file", async () => {
    const boundary = "----goldenset-large";
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    const chunks = 200;
    let sent = 0;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="logName"\r\n\r\nbig\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
          ),
        );
      },
      pull(controller) {
        if (sent < chunks) {
          // A copy per chunk, as a network read would hand over fresh buffers.
          controller.enqueue(chunk.slice());
          sent += 1;
          return;
        }
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    // this thread's own memory (its JavaScript heap and the buffers it holds): test files run side
    // by side in worker threads of one process, whose resident size counts the others' too
    const used = () => {
      const memory = process.memoryUsage();
      return memory.heapUsed + memory.external;
    };
    const before = used();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, used());
    }, 20);
    const { fields, file } = await readMultipartUpload(request, { directory });
    clearInterval(sampler);
    peak = Math.max(peak, used());
    expect(fields).toEqual({ logName: "big" });
    expect(file.size).toBe(chunks * chunk.length);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });
});

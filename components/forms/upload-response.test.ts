import { describe, expect, it } from "vitest";
import { describeLocation, fillTemplate, formatBytes, interpretUploadResponse } from "./upload-response";

describe("interpretUploadResponse", () => {
  it("follows a job", () => {
    expect(interpretUploadResponse(202, { jobId: "j1" })).toEqual({ kind: "job", jobId: "j1" });
  });

  it("reports a synchronous result", () => {
    expect(interpretUploadResponse(201, { setId: "s1", queries: 3 })).toEqual({
      kind: "done",
      body: { setId: "s1", queries: 3 },
    });
  });

  it("reports an error with its location", () => {
    const body = {
      error: "Unexpected token",
      code: "bad_request",
      location: { line: 12, path: "queries[3].text" },
    };
    expect(interpretUploadResponse(400, body)).toEqual({
      kind: "error",
      message: "Unexpected token",
      location: "line 12 · queries[3].text",
    });
  });

  it("reports failures without a JSON body", () => {
    expect(interpretUploadResponse(500, null)).toEqual({
      kind: "error",
      message: "The upload failed (HTTP 500).",
      location: null,
    });
    expect(interpretUploadResponse(413, "Payload Too Large")).toMatchObject({ kind: "error" });
  });
});

describe("describeLocation", () => {
  it("formats path segments like a JSON path", () => {
    expect(describeLocation({ path: ["queries", 3, "labels", 0, "grade"] })).toBe(
      "queries[3].labels[0].grade",
    );
    expect(describeLocation({ line: 4 })).toBe("line 4");
    expect(describeLocation({})).toBeNull();
    expect(describeLocation(undefined)).toBeNull();
  });
});

describe("fillTemplate", () => {
  it("fills placeholders from the body", () => {
    expect(fillTemplate("/sets/{setId}", { setId: "a b" })).toBe("/sets/a%20b");
    expect(fillTemplate("/sets/{setId}", {})).toBeNull();
    expect(fillTemplate("/sets", {})).toBe("/sets");
  });
});

describe("formatBytes", () => {
  it("uses binary units", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(25 * 1024 * 1024)).toBe("25 MB");
  });
});

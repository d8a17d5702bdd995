import { describe, expect, it } from "vitest";
import { downloadResponse } from "@/lib/http/download-response";

describe("downloadResponse", () => {
  it("sends the body as an uncached attachment, plain text unless told", async () => {
    const response = downloadResponse("q1 0 d1 1\n", { fileName: "set-1.qrels" });
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="set-1.qrels"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toBe("q1 0 d1 1\n");
    const json = downloadResponse("{}", { fileName: "a.goldenset.json", contentType: "application/json" });
    expect(json.headers.get("Content-Type")).toBe("application/json");
  });
});

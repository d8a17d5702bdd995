import { describe, expect, it } from "vitest";
import { documentHrefFor } from "./document-href";

describe("documentHrefFor", () => {
  it("appends the encoded document id to the prefix", () => {
    const href = documentHrefFor({
      previousHref: null,
      nextHref: null,
      documentHrefPrefix: "/sets/s/queries/q?doc=",
    });
    expect(href("doc 1/a")).toBe("/sets/s/queries/q?doc=doc%201%2Fa");
  });

  it("uses a given function as is", () => {
    const href = documentHrefFor({ previousHref: null, nextHref: null, documentHref: (id) => `/d/${id}` });
    expect(href("x")).toBe("/d/x");
  });
});

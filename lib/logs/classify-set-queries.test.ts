import { describe, expect, it } from "vitest";
import { classifySetQueries } from "./classify-set-queries";

describe("classifySetQueries", () => {
  it("keeps a log query's classes and classifies typed-in queries from their text", () => {
    expect(
      classifySetQueries([
        { text: "anything", logClasses: "error-code,very-short" },
        { text: "how do I reset the admin password?", logClasses: null },
        { text: "E-4012", logClasses: null },
        { text: "imported", logClasses: "" },
      ]),
    ).toEqual([["error-code", "very-short"], ["question"], ["error-code", "very-short"], []]);
  });
});

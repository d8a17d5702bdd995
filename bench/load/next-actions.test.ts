import { describe, expect, it } from "vitest";
import { actionRequestBody, actionStateOf } from "./next-actions";

describe("actionRequestBody", () => {
  it("encodes the bound arguments and the input as React's client does", async () => {
    const { body, contentType } = await actionRequestBody(["set-1", "$query", { start: 3, end: 9 }]);
    expect(contentType).toBe("text/plain;charset=UTF-8");
    // a string that starts with "$" is escaped, so it cannot be read as a reference
    expect(JSON.parse(body)).toEqual(["set-1", "$$query", { start: 3, end: 9 }]);
  });
});

describe("actionStateOf", () => {
  it("finds the action's result among the flight rows", () => {
    const flight = [
      '0:{"a":"$@1","f":"","b":"build"}',
      '1:{"ok":true,"data":{"outcome":"created","labelId":"l1","previousGrade":null}}',
      "",
    ].join("\n");
    expect(actionStateOf(flight)).toEqual({
      ok: true,
      data: { outcome: "created", labelId: "l1", previousGrade: null },
    });
  });

  it("answers null when the response carries no result", () => {
    expect(actionStateOf("<!DOCTYPE html><html></html>")).toBeNull();
  });
});

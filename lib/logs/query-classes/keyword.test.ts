import { describe, expect, it } from "vitest";
import { isKeywordQuery } from "./keyword";
import { toQueryText } from "./query-text";

describe("isKeywordQuery", () => {
  it.each(["raid 5 rebuild slow", "join active directory", "e-4012 t8 rack", "smb share windows 11"])(
    "recognizes %s",
    (text) => {
      expect(isKeywordQuery(toQueryText(text))).toBe(true);
    },
  );

  it.each([
    "raid",
    "how to replace a failed drive",
    "new drive not detected",
    "cant access web interface",
    "replace drive in the nas",
    "tern companion not finding nas again today",
    "4.3.0 5.0",
  ])("rejects %s", (text) => {
    expect(isKeywordQuery(toQueryText(text))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { createNearDuplicateIndex, isNearDuplicate, nearDuplicateKey } from "./near-duplicates";

describe("isNearDuplicate", () => {
  it.each([
    ["replace drive", "how to replace a drive"],
    ["smb share windows 11", "windows 11 smb share"],
    ["raid migration", "raid migraton"],
    ["e-4012", "e4012"],
    [
      "skylark backup stopped after password change on the nas",
      "skylark backup stopped after the password change on nas today",
    ],
  ])("%s ~ %s", (left, right) => {
    expect(isNearDuplicate(left, right)).toBe(true);
  });

  it.each([
    ["drive not detected", "drive detected"],
    ["raid 1", "raid 10 to raid 5 migration"],
    ["raid 1", "raid 5"],
    ["e-4012", "e-4013"],
    ["t4 pro fan loud", "t8 rack fan loud at night"],
    [
      "how many minutes should the ups wait before shutting down the nas",
      "how many minutes should the nas wait before waking the ups",
    ],
  ])("%s ≁ %s", (left, right) => {
    expect(isNearDuplicate(left, right)).toBe(false);
  });

  it("keys keep stopword-only queries", () => {
    expect(nearDuplicateKey("how to")).toBe("how to");
    expect(nearDuplicateKey("the raid and the nas")).toBe("nas raid");
  });
});

describe("createNearDuplicateIndex", () => {
  it("agrees with isNearDuplicate", () => {
    const existing = [
      "replace drive",
      "raid migration",
      "skylark backup stopped after password change on the nas",
    ];
    const index = createNearDuplicateIndex(existing);
    const probes = [
      "how to replace a drive",
      "raid migraton",
      "skylark backup stopped after the password change on nas today",
      "drive not detected",
      "raid migration stuck at 37 percent after reboot",
    ];
    for (const probe of probes) {
      expect(index.hasNearDuplicate(probe)).toBe(existing.some((text) => isNearDuplicate(probe, text)));
    }
    expect(index.hasNearDuplicate("drive not detected")).toBe(false);
    index.add("drive not detected");
    expect(index.hasNearDuplicate("drive not detected")).toBe(true);
  });
});

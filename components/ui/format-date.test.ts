import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay } from "@/components/ui/format-date";

describe("formatDateTime and formatDay", () => {
  it("write one UTC format whatever the input's form", () => {
    expect(formatDateTime(new Date("2026-12-01T00:21:37.123Z"))).toBe("2026-12-01 00:21 UTC");
    expect(formatDateTime("2026-12-01T01:21:37+01:00")).toBe("2026-12-01 00:21 UTC");
    expect(formatDay(new Date("2026-12-01T23:59:00Z"))).toBe("2026-12-01");
    expect(formatDay("not a date")).toBe("not a date");
  });
});

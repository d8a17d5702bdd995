import { describe, expect, it } from "vitest";
import { repairCommandForKey } from "./repair-keys";

describe("repairCommandForKey", () => {
  it("maps the queue's keys", () => {
    expect(repairCommandForKey({ key: "j" })).toEqual({ kind: "move", step: 1 });
    expect(repairCommandForKey({ key: "ArrowUp" })).toEqual({ kind: "move", step: -1 });
    expect(repairCommandForKey({ key: "2" })).toEqual({ kind: "choose", candidate: 1 });
    expect(repairCommandForKey({ key: "a" })).toEqual({ kind: "accept" });
    expect(repairCommandForKey({ key: "E" })).toEqual({ kind: "reselect" });
    expect(repairCommandForKey({ key: "x" })).toEqual({ kind: "drop" });
    expect(repairCommandForKey({ key: "q" })).toBeNull();
  });

  it("ignores keys with modifiers and keys typed into a field", () => {
    expect(repairCommandForKey({ key: "a", ctrlKey: true })).toBeNull();
    expect(repairCommandForKey({ key: "x", target: { tagName: "INPUT" } })).toBeNull();
    expect(repairCommandForKey({ key: "x", target: { tagName: "DIV", isContentEditable: true } })).toBeNull();
  });
});

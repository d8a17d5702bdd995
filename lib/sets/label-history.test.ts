import { describe, expect, it } from "vitest";
import { labelSnapshot, readLabelSnapshot } from "./label-history";

const row = {
  id: "label-1",
  queryId: "query-1",
  documentId: "doc-1",
  documentVersion: 2,
  kind: "quote",
  exact: "ten seconds",
  prefix: "Hold the reset button for ",
  suffix: " until the power light",
  start: 41,
  end: 52,
  grade: 3,
  spanKey: "v2:41-52",
  annotatorId: "user-1",
  createdAt: new Date("2026-11-30T10:00:00.000Z"),
  updatedAt: new Date("2026-12-01T09:30:00.000Z"),
};

describe("labelSnapshot", () => {
  it("keeps the label's fields in the one snapshot shape, dates as ISO strings, ids of the row left out", () => {
    expect(labelSnapshot(row)).toEqual({
      documentId: "doc-1",
      documentVersion: 2,
      kind: "quote",
      exact: "ten seconds",
      prefix: "Hold the reset button for ",
      suffix: " until the power light",
      start: 41,
      end: 52,
      grade: 3,
      annotatorId: "user-1",
      createdAt: "2026-11-30T10:00:00.000Z",
      updatedAt: "2026-12-01T09:30:00.000Z",
    });
  });

  it("refuses a row that is not a label (an unknown kind)", () => {
    expect(() => labelSnapshot({ ...row, kind: "chunk" })).toThrow();
  });
});

describe("readLabelSnapshot", () => {
  it("reads what the migration wrote with json_object (SQLite dates, a document label)", () => {
    const merged = {
      documentId: "doc-1",
      documentVersion: 1,
      kind: "document",
      exact: null,
      prefix: null,
      suffix: null,
      start: null,
      end: null,
      grade: 1,
      annotatorId: "user-1",
      createdAt: "2026-11-30T10:00:00.000+00:00",
      updatedAt: "2026-11-30 10:00:00",
    };
    expect(readLabelSnapshot(merged)).toEqual(merged);
  });

  it("answers null for no snapshot or another shape", () => {
    expect(readLabelSnapshot(null)).toBeNull();
    expect(readLabelSnapshot({ grade: 2 })).toBeNull();
  });
});

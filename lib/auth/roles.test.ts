import { describe, expect, it } from "vitest";
import { can, mayChangeLabel } from "./roles";

describe("mayChangeLabel", () => {
  const annotator = { id: "ana", role: "annotator" };
  const otherAnnotator = { id: "bob", role: "annotator" };
  const engineer = { id: "eli", role: "engineer" };
  const admin = { id: "ada", role: "admin" };

  it("lets annotators change their own labels only", () => {
    expect(mayChangeLabel(annotator, { annotatorId: "ana" })).toBe(true);
    expect(mayChangeLabel(otherAnnotator, { annotatorId: "ana" })).toBe(false);
    expect(mayChangeLabel(annotator, { annotatorId: "eli" })).toBe(false);
    // A label without a known annotator belongs to no annotator: only adjudicators touch it.
    expect(mayChangeLabel(annotator, { annotatorId: null })).toBe(false);
  });

  it("lets adjudicators (engineers, admins) change anyone's label", () => {
    for (const adjudicator of [engineer, admin]) {
      expect(mayChangeLabel(adjudicator, { annotatorId: "ana" })).toBe(true);
      expect(mayChangeLabel(adjudicator, { annotatorId: adjudicator.id })).toBe(true);
      expect(mayChangeLabel(adjudicator, { annotatorId: null })).toBe(true);
    }
  });

  it("refuses a role it does not know, even on a label carrying its id", () => {
    expect(mayChangeLabel({ id: "x", role: "guest" }, { annotatorId: "x" })).toBe(false);
  });
});

describe("can", () => {
  it("keeps adjudication to engineers and admins, restoring history to admins", () => {
    expect(["admin", "engineer", "annotator"].filter((role) => can(role, "adjudicate"))).toEqual([
      "admin",
      "engineer",
    ]);
    expect(["admin", "engineer", "annotator"].filter((role) => can(role, "admin"))).toEqual(["admin"]);
    expect(["admin", "engineer", "annotator"].filter((role) => can(role, "assign"))).toEqual([
      "admin",
      "engineer",
    ]);
  });
});

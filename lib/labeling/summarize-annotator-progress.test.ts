import { describe, expect, it } from "vitest";
import { summarizeAnnotatorProgress } from "@/lib/labeling/summarize-annotator-progress";

const user = (id: string, name: string) => ({ id, name, email: `${id}@example.test`, role: "annotator" });

describe("summarizeAnnotatorProgress", () => {
  it("counts assigned, acted-on and remaining queries and labels per annotator", () => {
    const rows = summarizeAnnotatorProgress({
      users: [user("bo", "Bo"), user("ana", "Ana")],
      assignments: [
        { queryId: "q1", userId: "ana" },
        { queryId: "q2", userId: "ana" },
        { queryId: "q3", userId: "ana" },
        { queryId: "q3", userId: "bo" },
      ],
      progress: [
        { queryId: "q1", userId: "ana", state: "done" },
        { queryId: "q2", userId: "ana", state: "skipped" },
        { queryId: "q9", userId: "bo", state: "cannot_judge" }, // not assigned to him
      ],
      labels: [
        { queryId: "q1", userId: "ana" },
        { queryId: "q1", userId: "ana" },
        { queryId: "q4", userId: "ana" }, // labeled, never marked done
      ],
    });
    expect(rows.map((row) => row.user.name)).toEqual(["Ana", "Bo"]);
    expect(rows[0]).toMatchObject({
      assigned: 3,
      done: 1,
      skipped: 1,
      cannotJudge: 0,
      remaining: 1,
      labeledQueries: 2,
      labels: 3,
    });
    expect(rows[1]).toMatchObject({
      assigned: 1,
      done: 0,
      skipped: 0,
      cannotJudge: 1,
      remaining: 1,
      labeledQueries: 0,
      labels: 0,
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  lockedAgainst,
  nextInQueue,
  orderQueue,
  previousQuery,
  type QueueQuery,
  queueTier,
  queueTierForMe,
} from "@/lib/labeling/order-queue";

const now = new Date("2026-12-01T10:00:00Z");
const later = new Date("2026-12-01T10:05:00Z");
const earlier = new Date("2026-12-01T09:55:00Z");

function query(id: string, position: number, overrides: Partial<QueueQuery> = {}): QueueQuery {
  return {
    id,
    position,
    status: "unlabeled",
    labelCount: 0,
    assignees: [],
    myState: null,
    lock: null,
    ...overrides,
  };
}

const ids = (queries: QueueQuery[]) => queries.map((entry) => entry.id);

describe("queueTier", () => {
  it("puts my assignments first, then unassigned unlabeled queries, then queries with holes", () => {
    expect(queueTier(query("a", 1, { assignees: [{ userId: "me", state: null }] }), "me")).toBe("assigned");
    expect(queueTier(query("b", 2), "me")).toBe("unlabeled");
    expect(queueTier(query("c", 3, { labelCount: 2, holes: 4 }), "me")).toBe("holes");
    expect(queueTier(query("d", 4, { labelCount: 2, holes: 0 }), "me")).toBeNull();
  });

  it("leaves another annotator's open assignment and closed queries alone", () => {
    const theirs = query("a", 1, { assignees: [{ userId: "bo", state: null }], holes: 3 });
    expect(queueTier(theirs, "me")).toBeNull();
    const theirsDone = query("a", 1, {
      labelCount: 1,
      assignees: [{ userId: "bo", state: "done" }],
      holes: 3,
    });
    expect(queueTier(theirsDone, "me")).toBe("holes");
    expect(queueTier(query("b", 2, { status: "no_answer" }), "me")).toBeNull();
    // someone skipped it (set-level status): it is not "unlabeled" for the next annotator either
    expect(queueTier(query("b", 2, { status: "skipped" }), "me")).toBeNull();
    expect(
      queueTier(query("b", 2, { status: "skipped", assignees: [{ userId: "me", state: null }] }), "me"),
    ).toBe("assigned");
  });
});

describe("lockedAgainst", () => {
  const locked = query("a", 1, { lock: { userId: "bo", until: later } });
  it("keeps me off a query someone else holds until the lock expires", () => {
    expect(lockedAgainst(locked, "me", now)).toBe(true);
    expect(lockedAgainst(locked, "me", later)).toBe(false);
    expect(lockedAgainst(query("a", 1, { lock: { userId: "bo", until: earlier } }), "me", now)).toBe(false);
    expect(lockedAgainst(locked, "bo", now)).toBe(false);
  });

  it("does not keep out a second annotator of an overlap assignment", () => {
    const overlap = {
      ...locked,
      assignees: [
        { userId: "bo", state: null },
        { userId: "me", state: null },
      ],
    };
    expect(lockedAgainst(overlap, "me", now)).toBe(false);
    const onlyMine = { ...locked, assignees: [{ userId: "me", state: null }] };
    expect(lockedAgainst(onlyMine, "me", now)).toBe(true);
  });
});

describe("orderQueue", () => {
  it("orders by tier then set order, leaving out what I finished and what others hold", () => {
    const queries = [
      query("holes-1", 1, { labelCount: 1, status: "labeled", holes: 2 }),
      query("free-2", 2),
      query("mine-3", 3, { assignees: [{ userId: "me", state: null }] }),
      query("done-4", 4, { assignees: [{ userId: "me", state: "done" }], myState: "done" }),
      query("skipped-5", 5, { myState: "skipped" }),
      query("locked-6", 6, { lock: { userId: "bo", until: later } }),
      query("mine-7", 7, { assignees: [{ userId: "me", state: null }] }),
      query("free-8", 8),
    ];
    expect(ids(orderQueue({ queries, me: "me", now }))).toEqual([
      "mine-3",
      "mine-7",
      "free-2",
      "free-8",
      "holes-1",
    ]);
  });

  it("brings back a query I finished when runs since left holes in it, and names it by its holes", () => {
    const finished = { status: "labeled", labelCount: 3, myState: "done" as const };
    const queries = [
      query("mine-done-1", 1, { ...finished, assignees: [{ userId: "me", state: "done" }], holes: 4 }),
      query("done-2", 2, { ...finished, holes: 2 }),
      query("done-no-holes-3", 3, { ...finished, holes: 0 }),
      query("skipped-4", 4, { status: "labeled", labelCount: 1, myState: "skipped", holes: 5 }),
    ];
    expect(ids(orderQueue({ queries, me: "me", now }))).toEqual(["mine-done-1", "done-2"]);
    expect(queueTierForMe(queries[0]!, "me")).toBe("holes");
    expect(queueTier(queries[0]!, "me")).toBe("assigned");
    // without holes counted (the queue of one's own work), finished queries stay out
    const ownWork = queries.map(({ holes: _holes, ...rest }) => rest);
    expect(orderQueue({ queries: ownWork, me: "me", now })).toEqual([]);
  });
});

describe("nextInQueue", () => {
  const queries = [
    query("free-1", 1),
    query("mine-2", 2, { assignees: [{ userId: "me", state: null }] }),
    query("free-3", 3),
    query("mine-4", 4, { assignees: [{ userId: "me", state: null }] }),
    query("mine-5", 5, { assignees: [{ userId: "me", state: null }] }),
  ];

  it("goes forward in queue order and wraps round, leaving the current query", () => {
    const next = (currentId: string | null, list = queries) =>
      nextInQueue({ queries: list, me: "me", now, currentId })?.query.id ?? null;
    expect(next(null)).toBe("mine-2");
    expect(next("mine-2")).toBe("mine-4");
    expect(next("mine-5")).toBe("free-1");
    expect(nextInQueue({ queries, me: "me", now, currentId: "free-3" })?.wrapped).toBe(true);
    expect(next("free-1")).toBe("free-3");
    expect(next("free-3")).toBe("mine-2");
  });

  it("continues after a query I just finished instead of starting over", () => {
    const finished = queries.map((entry) =>
      entry.id === "mine-4"
        ? { ...entry, myState: "done" as const, assignees: [{ userId: "me", state: "done" as const }] }
        : entry,
    );
    expect(nextInQueue({ queries: finished, me: "me", now, currentId: "mine-4" })).toMatchObject({
      query: { id: "mine-5" },
      wrapped: false,
    });
  });

  it("starts from the front when the current query needs nobody, and ends when nothing is left", () => {
    const closed = [query("labeled-1", 1, { labelCount: 3, status: "labeled" }), ...queries.slice(1)];
    expect(nextInQueue({ queries: closed, me: "me", now, currentId: "labeled-1" })?.query.id).toBe("mine-2");
    const allDone = queries.map((entry) => ({ ...entry, myState: "done" as const }));
    expect(nextInQueue({ queries: allDone, me: "me", now, currentId: "mine-2" })).toBeNull();
    // the last query still needing me: "next" stays on it rather than claiming the queue is over
    expect(nextInQueue({ queries: [query("only", 1)], me: "me", now, currentId: "only" })).toMatchObject({
      query: { id: "only" },
      wrapped: true,
    });
  });
});

describe("previousQuery", () => {
  it("walks my history back, newest first, from the latest when I am elsewhere", () => {
    const history = ["c", "a", "d"];
    expect(previousQuery({ history, setOrder: [], currentId: "x" })).toBe("c");
    expect(previousQuery({ history, setOrder: [], currentId: "c" })).toBe("a");
    expect(previousQuery({ history, setOrder: [], currentId: "a" })).toBe("d");
    expect(previousQuery({ history, setOrder: [], currentId: "d" })).toBeNull();
  });

  it("falls back to set order without a history", () => {
    const setOrder = ["a", "b", "c"];
    expect(previousQuery({ history: [], setOrder, currentId: "b" })).toBe("a");
    expect(previousQuery({ history: [], setOrder, currentId: "a" })).toBeNull();
  });
});

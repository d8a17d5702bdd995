import { describe, expect, it } from "vitest";
import { createCallBudget } from "@/lib/judging/call-budget";

const ok: typeof fetch = async () => new Response("{}");

describe("a judging job's call budget", () => {
  it("counts requests and refuses the one past the budget, aborting its passage", async () => {
    const budget = createCallBudget({ maxCalls: 2, fetch: ok });
    const first = new AbortController();
    await budget.withinPassage(first, () => budget.fetch("http://x"));
    expect(budget.exhausted()).toBe(false);
    await budget.withinPassage(first, () => budget.fetch("http://x"));
    expect(budget.used()).toBe(2);
    expect(budget.exhausted()).toBe(true);
    const second = new AbortController();
    await expect(budget.withinPassage(second, () => budget.fetch("http://x"))).rejects.toThrow(/budget/);
    expect(second.signal.aborted).toBe(true);
    expect(first.signal.aborted).toBe(false);
    expect(budget.used()).toBe(2);
  });

  it("only counts without a budget", async () => {
    const budget = createCallBudget({ fetch: ok });
    for (let index = 0; index < 5; index++) await budget.fetch("http://x");
    expect(budget.used()).toBe(5);
    expect(budget.exhausted()).toBe(false);
  });

  it("aborts the passage that asked, whichever budget it runs under, with passages of two budgets at once", async () => {
    const slow: typeof fetch = () =>
      new Promise((resolve) => setTimeout(() => resolve(new Response("{}")), 5));
    const spent = createCallBudget({ maxCalls: 1, fetch: slow });
    const open = createCallBudget({ fetch: slow });
    const [spentFirst, spentSecond, openFirst] = [
      new AbortController(),
      new AbortController(),
      new AbortController(),
    ];
    const results = await Promise.allSettled([
      spent.withinPassage(spentFirst, () => spent.fetch("http://x")),
      open.withinPassage(openFirst, async () => {
        await open.fetch("http://x");
        return open.fetch("http://x");
      }),
      spent.withinPassage(spentSecond, () => spent.fetch("http://x")),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect([spentFirst, spentSecond, openFirst].map((controller) => controller.signal.aborted)).toEqual([
      false,
      true,
      false,
    ]);
    expect([spent.used(), open.used()]).toEqual([1, 2]);
  });
});

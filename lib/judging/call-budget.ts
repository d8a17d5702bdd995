import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts a judging job's HTTP requests — every one, retries and the JSON-mode fallback included —
 * and enforces its budget (`maxCalls`) request by request: a request that would go past it is not
 * sent. The passage that asked is aborted (its controller, set by `withinPassage`), so the chat
 * client stops at once as cancelled instead of retrying; requests already sent finish normally.
 */
export type CallBudget = {
  /** Requests sent so far. */
  used(): number;
  /** True once a request was refused for the budget, or every call is used. */
  exhausted(): boolean;
  /** The fetch to give the chat client. */
  fetch: typeof fetch;
  /** Runs one passage's requests under its own controller, which a refused request aborts. */
  withinPassage<T>(controller: AbortController, run: () => Promise<T>): Promise<T>;
};

/**
 * The controller of the passage whose requests are running, for every budget: one storage for the
 * process, not one per budget. On Node 20 an AsyncLocalStorage that has run stays registered until
 * it is disabled, and every promise the process creates afterwards visits each registered one: a
 * storage per budget (one per judging job, one per judge suggestion asked for) made every later
 * await of a server slower by the judging it had done (200,000 awaits: 23 ms with no storage,
 * 58 ms with one, 1.9 s with 100, 26 s with 1,000).
 */
const passageScope = new AsyncLocalStorage<AbortController>();

export function createCallBudget(options: {
  maxCalls?: number | undefined;
  fetch?: typeof fetch | undefined;
}): CallBudget {
  const inner = options.fetch ?? fetch;
  let used = 0;
  let refused = false;
  const budgeted: typeof fetch = (input, init) => {
    if (options.maxCalls !== undefined && used >= options.maxCalls) {
      refused = true;
      passageScope.getStore()?.abort();
      return Promise.reject(new DOMException("the judging budget is used", "AbortError"));
    }
    used++;
    return inner(input, init);
  };
  return {
    used: () => used,
    exhausted: () => refused || (options.maxCalls !== undefined && used >= options.maxCalls),
    fetch: budgeted,
    withinPassage: (controller, run) => passageScope.run(controller, run),
  };
}

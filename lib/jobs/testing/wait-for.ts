import { vi } from "vitest";

/**
 * Reads `read()` every 20 ms until `done` accepts what it returned, and returns that value; after
 * `timeoutMs` fails naming the last value read. For tests that watch a job, a worker or a server
 * do their work in the background.
 */
export function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`Still waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

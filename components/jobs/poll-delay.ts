/** Delay before the next poll: 700 ms normally, backing off to 5 s after consecutive failures. */
export function pollDelay(consecutiveFailures: number): number {
  return Math.min(5000, 700 * 2 ** Math.max(0, consecutiveFailures));
}

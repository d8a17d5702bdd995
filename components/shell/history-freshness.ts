/**
 * Pages the client router cached before a write that re-rendered nothing. The workspace's actions
 * answer only what they changed (no revalidation), so Next's router cache keeps the pages it
 * holds — and Back and Forward show a cached page as it was, whatever `staleTimes` says. After
 * such a write, the next history navigation refreshes the page it lands on
 * (RefreshAfterHistoryNavigation), which also empties the router cache.
 */
let unrenderedWrite = false;

/** A server action changed data the pages show without any page being rendered again. */
export function noteUnrenderedWrite(): void {
  unrenderedWrite = true;
}

/** Whether such a write happened since the last call (and forget it). */
export function takeUnrenderedWrite(): boolean {
  const happened = unrenderedWrite;
  unrenderedWrite = false;
  return happened;
}

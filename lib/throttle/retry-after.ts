/**
 * Whole seconds until a limit lets the next request through, at least 1: the value of a
 * `Retry-After` header, from rate-limiter-flexible's `msBeforeNext` (the API's per-token limit and
 * the sign-in throttle alike).
 */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

// The end-to-end suite's ports. Playwright runs spec files in LANES lanes at once
// (playwright.config.ts); each lane has a demo server of its own, so specs that change the demo's
// data never race another lane's. Lane N's ports are E2E_PORT + 10·N + offset:
//   +0 the lane's demo server (started by playwright.config.ts)
//   +1 the server on an empty database (lane 0 only; the golden path imports into it)
//   +2 demo-accounts.spec.ts's own demo server
//   +7 judge-suggestions.spec.ts's own demo server
//   +8 crash-recovery.spec.ts's server (E2E_CRASH_PORT overrides it)
// bin/test.sh runs the golden path on PostgreSQL beside the suite, with E2E_PORT + 500 and one lane
// (clear of the suite's servers up to 50 lanes).

import { availableParallelism } from "node:os";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
/**
 * Lanes at once: E2E_WORKERS, by default one per two cores. One lane keeps about 1.7 cores busy
 * (Chromium rendering and running the pages is two thirds of it, the app server most of the rest),
 * so more lanes than that only share the same cores: three lanes on two cores took as long as one.
 */
export const LANES = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(availableParallelism() / 2)));
/** This worker's lane: Playwright's TEST_PARALLEL_INDEX (0 … workers − 1, kept when a worker restarts). */
const LANE = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export function lanePort(offset: number, lane = LANE): number {
  return BASE_PORT + 10 * lane + offset;
}

export const EMPTY_PORT = BASE_PORT + 1;

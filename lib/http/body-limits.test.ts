import type { IncomingMessage } from "node:http";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import { describe, expect, it } from "vitest";
import {
  atMostPattern,
  isUploadRoute,
  oversizedBodyRewrites,
  REQUEST_BODY_LIMIT_BYTES,
  REQUEST_TOO_LARGE_PATH,
  tooLargeMessage,
  UPLOAD_ROUTES,
  uploadBodyLimitBytes,
  WITHIN_LIMIT_CONTENT_LENGTH,
} from "@/lib/http/body-limits";
import { config as proxyConfig } from "@/proxy";

// Rewrites and matchers are evaluated here with Next.js's own path and header matching, so the
// route syntax is checked as the server will read it.

type Condition = { type: "header"; key: string; value?: string };

function headersMatch(headers: Record<string, string>, has?: Condition[], missing?: Condition[]): boolean {
  return matchHas({ headers } as unknown as IncomingMessage, {}, has, missing) !== false;
}

/** Where the rewrites send a request: REQUEST_TOO_LARGE_PATH, or undefined when none applies. */
function rewrite(pathname: string, headers: Record<string, string>): string | undefined {
  for (const rule of oversizedBodyRewrites()) {
    const pathMatches =
      getPathMatch(rule.source, { removeUnnamedParams: true, strict: true })(pathname) !== false;
    if (pathMatches && headersMatch(headers, rule.has, rule.missing)) return rule.destination;
  }
  return undefined;
}

describe("WITHIN_LIMIT_CONTENT_LENGTH", () => {
  it("matches exactly the lengths up to REQUEST_BODY_LIMIT_BYTES, anchored as Next.js anchors it", () => {
    const within = new RegExp(`^${WITHIN_LIMIT_CONTENT_LENGTH}$`);
    for (const length of [0, 1, 999, 999_999, REQUEST_BODY_LIMIT_BYTES])
      expect(within.test(String(length))).toBe(true);
    for (const length of [REQUEST_BODY_LIMIT_BYTES + 1, 1_999_999, 9_999_999, 157_286_400, 10 ** 15])
      expect(within.test(String(length))).toBe(false);
    expect(within.test("")).toBe(false);
    expect(within.test("12a")).toBe(false);
  });
});

describe("oversizedBodyRewrites", () => {
  it("sends a body over the limit anywhere but an upload route to the 413 route", () => {
    for (const pathname of ["/", "/sets", "/sign-in", "/api/auth/sign-in/email", "/api/sets/s1/runs/x"])
      expect(rewrite(pathname, { "content-length": "1000001" })).toBe(REQUEST_TOO_LARGE_PATH);
    expect(rewrite("/sets/s1", { "content-length": "157286400" })).toBe(REQUEST_TOO_LARGE_PATH);
  });

  it("sends a body of unannounced length (chunked) there too", () => {
    expect(rewrite("/sets", { "transfer-encoding": "chunked" })).toBe(REQUEST_TOO_LARGE_PATH);
  });

  it("leaves bodies within the limit, requests without a body and the upload routes alone", () => {
    expect(rewrite("/sets", { "content-length": "1000000" })).toBeUndefined();
    expect(rewrite("/sets", { "content-length": "0" })).toBeUndefined();
    expect(rewrite("/sets", {})).toBeUndefined();
    const paths = ["/api/corpora/import", "/api/logs/import", "/api/sets/import", "/api/sets/s1/runs"];
    for (const pathname of [...paths, "/api/sets/cm0abc/judgments"]) {
      expect(rewrite(pathname, { "content-length": "2400000" })).toBeUndefined();
      expect(rewrite(pathname, { "transfer-encoding": "chunked" })).toBeUndefined();
    }
    // Only those exact paths: a longer one is not an upload route.
    expect(rewrite("/api/corpora/imports", { "content-length": "157286400" })).toBe(REQUEST_TOO_LARGE_PATH);
  });
});

describe("upload routes", () => {
  const realRun = 2_300_000; // 76 queries × 1,000 lines of a TREC run
  const realQrels = 2_000_000;

  it("take a real run and a real qrels file, and refuse a body over their own limit naming it", () => {
    expect(isUploadRoute("/api/sets/s1/runs")).toBe(true);
    expect(isUploadRoute("/api/sets/s1/judgments")).toBe(true);
    expect(isUploadRoute("/api/sets/s1/runs/extra")).toBe(false);
    expect(rewrite("/api/sets/s1/runs", { "content-length": String(realRun) })).toBeUndefined();
    expect(rewrite("/api/sets/s1/judgments", { "content-length": String(realQrels) })).toBeUndefined();
    const overQrels = String(uploadBodyLimitBytes("judgments") + 1);
    expect(rewrite("/api/sets/s1/judgments", { "content-length": overQrels })).toBe(
      `${REQUEST_TOO_LARGE_PATH}/judgments`,
    );
    expect(rewrite("/api/sets/import", { "content-length": String(60 * 1024 ** 2) })).toBe(
      `${REQUEST_TOO_LARGE_PATH}/set`,
    );
    expect(rewrite("/api/sets/import", { "content-length": String(50 * 1024 ** 2) })).toBeUndefined();
    expect(tooLargeMessage("judgments")).toMatch(/100 MB each \(\/api\/sets\/:id\/judgments\)/);
    expect(tooLargeMessage("set")).toMatch(/golden set file of at most 50 MB/);
    expect(tooLargeMessage(undefined)).toMatch(/larger than 1 MB/);
  });

  it("declare each route's limit once: runs and qrels at their documented sizes", () => {
    expect(UPLOAD_ROUTES.run.maxFileBytes).toBe(1024 ** 3);
    expect(UPLOAD_ROUTES.judgments.maxFileBytes).toBe(100 * 1024 ** 2);
    expect(UPLOAD_ROUTES.set.maxFileBytes).toBe(50 * 1024 ** 2);
  });
});

describe("atMostPattern", () => {
  it("matches exactly the numbers from 0 to its limit", () => {
    for (const limit of [0, 7, 10, 99, 100, 1_000_000, 113_246_208, 2_155_872_256]) {
      const within = new RegExp(`^${atMostPattern(limit)}$`);
      for (const length of [0, 1, 9, 10, 11, limit - 1, limit, Math.floor(limit / 3)].filter(
        (n) => n >= 0 && n <= limit,
      ))
        expect(within.test(String(length)), `${length} <= ${limit}`).toBe(true);
      for (const length of [limit + 1, limit + 10, limit * 10 + 5, limit + 10 ** String(limit).length])
        expect(within.test(String(length)), `${length} > ${limit}`).toBe(false);
    }
  });
});

describe("proxy.ts matcher", () => {
  const [withoutBody, withinLimit] = proxyConfig.matcher as { has?: Condition[]; missing?: Condition[] }[];

  it("runs the proxy on requests without a body and on bodies within the limit, never on larger ones", () => {
    expect(headersMatch({}, undefined, withoutBody?.missing)).toBe(true);
    expect(headersMatch({ "content-length": "5" }, undefined, withoutBody?.missing)).toBe(false);
    expect(headersMatch({ "transfer-encoding": "chunked" }, undefined, withoutBody?.missing)).toBe(false);

    expect(withinLimit?.has?.[0]?.value).toBe(WITHIN_LIMIT_CONTENT_LENGTH);
    expect(headersMatch({ "content-length": "1000000" }, withinLimit?.has)).toBe(true);
    expect(headersMatch({ "content-length": "1000001" }, withinLimit?.has)).toBe(false);
    expect(headersMatch({ "transfer-encoding": "chunked" }, withinLimit?.has)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { type RequestHead, refuseBeforeBody } from "@/lib/http/refuse-before-body";

function head(overrides: Partial<RequestHead>): RequestHead {
  return {
    method: "POST",
    pathname: "/sets",
    contentLength: 200,
    hasSessionCookie: false,
    isServerAction: false,
    ...overrides,
  };
}

describe("refuseBeforeBody", () => {
  it("never refuses reads", () => {
    expect(refuseBeforeBody(head({ method: "GET" }))).toBeUndefined();
    expect(refuseBeforeBody(head({ method: "HEAD", contentLength: 5_000_000 }))).toBeUndefined();
  });

  it("refuses a signed-out API write with 401, whatever the route", () => {
    expect(refuseBeforeBody(head({ pathname: "/api/sets/s1/runs" }))).toEqual({ status: 401 });
    expect(refuseBeforeBody(head({ pathname: "/api/corpora/import", method: "put" }))).toEqual({
      status: 401,
    });
  });

  it("sends a signed-out server action to sign-in (401 with the way back), and a plain form post with 303", () => {
    expect(refuseBeforeBody(head({ pathname: "/sets/s1", isServerAction: true }))).toEqual({
      status: 401,
      signInPath: "/sign-in?next=%2Fsets%2Fs1",
    });
    expect(refuseBeforeBody(head({ pathname: "/sets/s1" }))).toEqual({
      status: 303,
      location: "/sign-in?next=%2Fsets%2Fs1",
    });
  });

  it("lets a signed-out client sign in: the sign-in page's action and better-auth's routes", () => {
    expect(refuseBeforeBody(head({ pathname: "/sign-in", isServerAction: true }))).toBeUndefined();
    expect(refuseBeforeBody(head({ pathname: "/api/auth/sign-in/email" }))).toBeUndefined();
    expect(refuseBeforeBody(head({ pathname: "/api/authority" }))).toEqual({ status: 401 });
  });

  it("passes writes with a session cookie to the action or route, which authenticates it", () => {
    expect(refuseBeforeBody(head({ hasSessionCookie: true, isServerAction: true }))).toBeUndefined();
    expect(refuseBeforeBody(head({ hasSessionCookie: true, pathname: "/api/sets/s1/runs" }))).toBeUndefined();
  });

  it("passes API v1 writes with a Bearer token to the route, which authenticates the token; only there", () => {
    expect(refuseBeforeBody(head({ hasBearerToken: true, pathname: "/api/v1/compare" }))).toBeUndefined();
    expect(refuseBeforeBody(head({ hasBearerToken: true, pathname: "/api/sets/s1/runs" }))).toEqual({
      status: 401,
    });
    expect(refuseBeforeBody(head({ hasBearerToken: true, pathname: "/sets/s1" }))).toEqual({
      status: 303,
      location: "/sign-in?next=%2Fsets%2Fs1",
    });
    expect(
      refuseBeforeBody(head({ hasBearerToken: true, pathname: "/api/v1/compare", contentLength: 2_000_000 })),
    ).toEqual({ status: 413 });
  });

  it("refuses a body over 1 MB with 413, signed in or not, except on the upload routes", () => {
    expect(refuseBeforeBody(head({ contentLength: 1_000_001, hasSessionCookie: true }))).toEqual({
      status: 413,
    });
    expect(refuseBeforeBody(head({ contentLength: 150_000_000, pathname: "/sign-in" }))).toEqual({
      status: 413,
    });
    expect(refuseBeforeBody(head({ contentLength: 1_000_000, hasSessionCookie: true }))).toBeUndefined();
    expect(
      refuseBeforeBody(
        head({ contentLength: 150_000_000, pathname: "/api/logs/import", hasSessionCookie: true }),
      ),
    ).toBeUndefined();
    expect(refuseBeforeBody(head({ contentLength: 150_000_000, pathname: "/api/logs/import" }))).toEqual({
      status: 401,
    });
  });
});

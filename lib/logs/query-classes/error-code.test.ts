import { describe, expect, it } from "vitest";
import { normalizeQuery } from "../normalize-query";
import { isErrorCodeQuery } from "./error-code";
import { toQueryText } from "./query-text";

const matches = (raw: string) => isErrorCodeQuery(toQueryText(normalizeQuery(raw), raw));

describe("isErrorCodeQuery", () => {
  it.each([
    "E-4012",
    "e4012 after disk swap",
    "W-118",
    "ORA-00942 table or view does not exist",
    "0x80070005",
    "windows update 80070005",
    "ERR_CONNECTION_REFUSED",
    "net::ERR_CERT_DATE_INVALID",
    "ENOENT no such file",
    "IRQL_NOT_LESS_OR_EQUAL",
    "HTTP 503",
    "error 404",
    "404 not found nginx",
    "502 bad gateway",
    "code 43",
    "code 43 nvidia driver",
    "error code 1000008e",
    "CS0246 type or namespace",
    "Application downloading error (919)",
  ])("recognizes %s", (raw) => {
    expect(matches(raw)).toBe(true);
  });

  it.each([
    "zip code 90210",
    "area code 832",
    "business and professions code 13401",
    "charge for code 99243",
    "four seasons code 77 glass",
    "wireless e911",
    "ford e350 van",
    "RTX-3080",
    "ridgid ts3650",
    "error bars in excel",
    "http 2 push",
    "JAVA_HOME",
    "__init__ python",
    "404 area",
  ])("rejects %s", (raw) => {
    expect(matches(raw)).toBe(false);
  });
});

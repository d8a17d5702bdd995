import { describe, expect, it } from "vitest";
import { toQueryText } from "./query-text";
import { isVersionQuery } from "./version";

describe("isVersionQuery", () => {
  it.each([
    "4.3.0",
    "larkos 4.3.1 release notes",
    "v2.1",
    "10.0.19045",
    "5.0.0-beta.2",
    "python 3.11",
    "ios 17",
    "windows 11 cant access nas",
    "update from 3.x to 4.3",
    "android 4.0",
    "version 2",
    "build 19045",
    "2.1rc1",
  ])("recognizes %s", (text) => {
    expect(isVersionQuery(toQueryText(text))).toBe(true);
  });

  it.each([
    "3.5 inch drive",
    "gpa 3.5",
    "192.168.1.1",
    "12.05.2019",
    "2019.05.12",
    "rcw 9.41.040",
    "section 4.3.1",
    "route 66",
    "mysql 64 bit",
    "iphone 12",
    "covid-19",
    "2.4 ghz",
    "windows",
  ])("rejects %s", (text) => {
    expect(isVersionQuery(toQueryText(text))).toBe(false);
  });
});

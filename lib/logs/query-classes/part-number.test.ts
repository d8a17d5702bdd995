import { describe, expect, it } from "vitest";
import { isPartNumberQuery, isPartNumberToken } from "./part-number";
import { toQueryText } from "./query-text";

describe("isPartNumberQuery", () => {
  it.each([
    "ds920+",
    "wd40efrx",
    "rtx-3080 driver",
    "lk-psu-450w price",
    "lk-mem-16d4 t12",
    "samsung galaxy sch-i545",
    "i7-8700k",
    "nikon d300",
    "ford f150 parts",
    "form 1040ez",
    "peavy kb100",
  ])("recognizes %s", (text) => {
    expect(isPartNumberQuery(toQueryText(text))).toBe(true);
  });

  it.each([
    "mp3 player",
    "mp3s",
    "html5 video",
    "ipv6 setup",
    "python3 venv",
    "windows10 update",
    "office365 login",
    "covid-19",
    "450w psu",
    "16gb ram",
    "1080p monitor",
    "39th street",
    "1990s music",
    "401k plan",
    "1920x1080",
    "x86_64",
    "sha256",
    "utf-8",
    "h264",
    "i18n",
    "log4j",
    "4.3.0",
    "v2.1",
    "e-4012",
    "0x80070005",
    "error code 1000008e",
    "rcw 9a.88.030",
    "5hiaa test",
    "800contacts",
    "10gbase-t module",
    "win8-intel ultrabook",
    "w310",
    "t4 pro",
    "500mgs",
    "1gb/8gb",
  ])("rejects %s", (text) => {
    expect(isPartNumberQuery(toQueryText(text))).toBe(false);
  });

  it("needs at least 4 letters and digits", () => {
    expect(isPartNumberToken("t12")).toBe(false);
    expect(isPartNumberToken("t120")).toBe(true);
  });
});

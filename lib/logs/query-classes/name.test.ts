import { describe, expect, it } from "vitest";
import { buildCasingStats, NO_CASING_STATS } from "./casing-stats";
import { isNameQuery } from "./name";
import { toQueryText } from "./query-text";

const matches = (display: string, casing = NO_CASING_STATS) =>
  isNameQuery(toQueryText(display.toLowerCase(), display), casing);

describe("isNameQuery", () => {
  it.each([
    "Jeff Bezos net worth",
    "Larkspur Tern",
    "Visual Studio Code",
    "how to install Visual Studio Code on linux",
    "moving data to Bank of America",
    "Mireille Okafor",
    "rooting Samsung Galaxy Note 2",
  ])("recognizes %s", (display) => {
    expect(matches(display)).toBe(true);
  });

  it.each([
    "jeff bezos net worth",
    "Syntax error in shell script",
    "Yanked USB Key During Move",
    "Adding a Custom Post Type to the Admin Menu",
    "How To reset a password",
    "USB RAID setup",
    "Adding Postgres bins to PATH",
    "Create services in Linux (Start up in linux)",
    "Bezos",
  ])("rejects %s", (display) => {
    expect(matches(display)).toBe(false);
  });

  it("ignores capitals on words the log usually writes lowercase", () => {
    const casing = buildCasingStats(["create custom post type", "remove custom fields", "the custom post"]);
    expect(matches("register Custom Post Type", casing)).toBe(false);
    expect(matches("register Custom Walker", casing)).toBe(true);
  });

  it("ignores short title-cased queries in a title-cased log", () => {
    const titles = ["Simple File Transfer", "Slow Disk Writes", "Reset Admin Password", "dns issue"];
    expect(buildCasingStats(titles).titleCaseLog).toBe(true);
    expect(matches("Simple File Transfer", buildCasingStats(titles))).toBe(false);
    expect(matches("Simple File Transfer")).toBe(true);
  });
});

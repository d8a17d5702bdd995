import { describe, expect, it } from "vitest";
import { databaseProviderOf } from "@/lib/database-provider";

describe("databaseProviderOf", () => {
  it("tells SQLite files from PostgreSQL servers", () => {
    expect(databaseProviderOf("file:./data/goldenset.db")).toBe("sqlite");
    expect(databaseProviderOf("postgresql://root@127.0.0.1:5432/goldenset")).toBe("postgresql");
    expect(databaseProviderOf("postgres://root@127.0.0.1/goldenset")).toBe("postgresql");
  });

  it("refuses anything else, without echoing the URL (it may hold a password)", () => {
    expect(() => databaseProviderOf("mysql://u:secret@h/db")).toThrow(/must start with file:/);
    expect(() => databaseProviderOf("mysql://u:secret@h/db")).not.toThrow(/secret/);
  });
});

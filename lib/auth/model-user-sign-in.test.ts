import { afterAll, describe, expect, it } from "vitest";
import { createAppTestDatabase } from "@/lib/auth/testing/app-test-database";
import { AppError } from "@/lib/errors";

// A judge's annotator user (role "model", no account) can never sign in.
const database = createAppTestDatabase();
const { saveJudge } = await import("@/lib/db/judges");
const { signInWithPassword } = await import("@/lib/auth/sign-in-with-password");
const { capturePeerAddresses, peerAddressHeaderName } = await import("@/lib/auth/peer-address");
capturePeerAddresses();

afterAll(async () => {
  await database.dispose();
});

describe("a judge's annotator user", () => {
  it("cannot sign in: it has no password account", async () => {
    const { judge } = await saveJudge(database.prisma, {
      settings: { name: "local", baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.1:8b" },
      createdById: null,
      server: { allowList: ["127.0.0.1:11434"], keyVariables: [] },
    });
    const user = await database.prisma.user.findUniqueOrThrow({ where: { id: judge.annotatorId } });
    const headers = new Headers({ [peerAddressHeaderName() ?? "missing"]: "203.0.113.7" });
    for (const password of ["", "model:local", "a long enough passphrase"]) {
      const error = await signInWithPassword({ email: user.email, password }, headers).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("unauthorized");
    }
    expect(await database.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });
});

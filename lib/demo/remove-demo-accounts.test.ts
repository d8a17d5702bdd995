import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppTestDatabase } from "@/lib/auth/testing/app-test-database";

// The real thing on a real SQLite file: the seeded demo, sessions signed in through better-auth,
// and the foreign keys that decide what goes with a removed user and what stays.
const database = createAppTestDatabase();
const prisma = database.prisma;
const { auth } = await import("@/lib/auth/auth");
const { addUser } = await import("@/lib/auth/add-user");
const { buildGoldenSetFile } = await import("@/lib/db/golden-set-exchange");
const { demoAccounts } = await import("@/lib/demo/demo-accounts");
const { listPresentDemoAccounts } = await import("@/lib/demo/list-present-demo-accounts");
const { DEMO_ACCOUNTS_REMOVED, removeDemoAccounts } = await import("@/lib/demo/remove-demo-accounts");
const { seedDemo } = await import("@/lib/demo/seed-demo");

const demoEmails = demoAccounts.map((account) => account.email);

async function signIn(email: string, password: string): Promise<Headers> {
  const response = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}

function demoUser(role: "admin" | "engineer" | "annotator") {
  return prisma.user.findUniqueOrThrow({ where: { email: `${role}@goldenset.local` } });
}

beforeAll(async () => {
  expect(await seedDemo(prisma)).toBe(true);
}, 120_000);

afterAll(async () => {
  await database.dispose();
});

describe("removeDemoAccounts", () => {
  it("refuses while the acting admin is itself a demo account, and removes nothing", async () => {
    const admin = await demoUser("admin");
    await expect(removeDemoAccounts(prisma, { actor: admin })).rejects.toThrow(
      /signed in as the demo account admin@goldenset\.local.*Create your own admin first/,
    );
    expect(await listPresentDemoAccounts(prisma)).toHaveLength(3);
    expect(await prisma.auditEvent.count()).toBe(0);
  });

  it("refuses when no admin but the demo's would remain", async () => {
    const { id, email } = await addUser(prisma, {
      name: "Own Engineer",
      email: "own-engineer@example.com",
      role: "engineer",
      password: "a kettle of amber fish",
    });
    await expect(removeDemoAccounts(prisma, { actor: { id, email } })).rejects.toThrow(
      /No admin would remain.*Create your own admin first/,
    );
    expect(await listPresentDemoAccounts(prisma)).toHaveLength(3);
    expect(await prisma.auditEvent.count()).toBe(0);
  });

  it("removes exactly the demo accounts, ends their sessions, records who did it, keeps their labels", async () => {
    const owner = await addUser(prisma, {
      name: "Own Admin",
      email: "own-admin@example.com",
      role: "admin",
      password: "lantern river quietly 42",
    });
    const ownerSession = await signIn("own-admin@example.com", "lantern river quietly 42");
    const annotator = await demoUser("annotator");
    const annotatorSession = await signIn(annotator.email, "goldenset-annotator");
    expect((await auth.api.getSession({ headers: annotatorSession }))?.user.email).toBe(annotator.email);

    const setId = (await prisma.goldenSet.findFirstOrThrow()).id;
    const label = await prisma.label.findFirstOrThrow({ where: { annotatorId: annotator.id } });
    const labelsBefore = await prisma.label.findMany({ orderBy: { id: "asc" } });
    const annotatedBefore = labelsBefore.filter((row) => row.annotatorId === annotator.id).length;
    expect(annotatedBefore).toBeGreaterThan(0);
    const exportedBefore = await buildGoldenSetFile(prisma, setId);
    expect(exportedBefore.queries.flatMap((query) => query.labels).map((row) => row.annotator)).toContain(
      annotator.email,
    );
    // a history entry by the demo annotator, as label writes record them
    await prisma.labelEvent.create({
      data: {
        labelId: label.id,
        queryId: label.queryId,
        goldenSetId: setId,
        action: "updated",
        actorId: annotator.id,
        actorEmail: annotator.email,
      },
    });
    const usersBefore = await prisma.user.findMany({ select: { email: true } });
    const runsBefore = await prisma.run.count();

    const result = await removeDemoAccounts(prisma, { actor: owner });

    expect(result).toEqual({ removed: demoEmails, unattributedLabels: annotatedBefore });
    const usersAfter = (await prisma.user.findMany({ select: { email: true } })).map((user) => user.email);
    expect(usersAfter.sort()).toEqual(
      usersBefore
        .map((user) => user.email)
        .filter((email) => !demoEmails.includes(email))
        .sort(),
    );
    expect(usersAfter).toContain("own-admin@example.com");
    expect(await listPresentDemoAccounts(prisma)).toEqual([]);

    // sessions go with the user (cascade): the demo annotator's cookie no longer signs anyone in
    expect(await prisma.session.count({ where: { userId: annotator.id } })).toBe(0);
    expect(await auth.api.getSession({ headers: annotatorSession })).toBeNull();
    expect((await auth.api.getSession({ headers: ownerSession }))?.user.email).toBe("own-admin@example.com");
    // and the published password no longer works
    const retry = await auth.api.signInEmail({
      body: { email: annotator.email, password: "goldenset-annotator" },
      asResponse: true,
    });
    expect(retry.status).toBe(401);

    // the labels keep their content; only the annotator is cleared (Label.annotatorId SetNull)
    const labelsAfter = await prisma.label.findMany({ orderBy: { id: "asc" } });
    expect(labelsAfter.map(({ annotatorId: _, updatedAt: __, ...rest }) => rest)).toEqual(
      labelsBefore.map(({ annotatorId: _, updatedAt: __, ...rest }) => rest),
    );
    expect(labelsAfter.filter((row) => row.annotatorId === annotator.id)).toEqual([]);
    // the export still carries every label; its annotator is now null
    const exportedAfter = await buildGoldenSetFile(prisma, setId);
    const labelsOf = (file: typeof exportedBefore) => file.queries.flatMap((query) => query.labels);
    expect(labelsOf(exportedAfter)).toHaveLength(labelsOf(exportedBefore).length);
    expect(labelsOf(exportedAfter).map((row) => row.annotator)).not.toContain(annotator.email);
    expect(labelsOf(exportedAfter).map(({ annotator: _, ...rest }) => rest)).toEqual(
      labelsOf(exportedBefore).map(({ annotator: _, ...rest }) => rest),
    );
    // label history keeps who it was
    const history = await prisma.labelEvent.findFirstOrThrow({
      where: { labelId: label.id, action: "updated" },
    });
    expect(history).toMatchObject({ actorId: null, actorEmail: annotator.email });
    // runs the demo engineer started stay
    expect(await prisma.run.count()).toBe(runsBefore);

    const events = await prisma.auditEvent.findMany();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: DEMO_ACCOUNTS_REMOVED,
      subject: demoEmails.join(", "),
      actorId: owner.id,
      detail: {
        emails: demoEmails,
        actorEmail: "own-admin@example.com",
        unattributedLabels: annotatedBefore,
      },
    });
  });

  it("does nothing, and records nothing, once they are gone", async () => {
    const owner = await prisma.user.findUniqueOrThrow({ where: { email: "own-admin@example.com" } });
    expect(await removeDemoAccounts(prisma, { actor: owner })).toEqual({
      removed: [],
      unattributedLabels: 0,
    });
    expect(await prisma.auditEvent.count()).toBe(1);
  });
});

import { DEMO_URL } from "./helpers";
import { expect, test } from "./test";

// After signing in, the browser goes to `next` only when it is plainly a path on this site: a
// dot segment or an encoded slash that a resolver turns into `//host` sends it to the overview.

const ENGINEER = { email: "engineer@goldenset.local", password: "goldenset-engineer" };

async function signInWithNext(page: import("@playwright/test").Page, next: string) {
  await page.goto(`${DEMO_URL}/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByTestId("sign-in-email").fill(ENGINEER.email);
  await page.getByTestId("sign-in-password").fill(ENGINEER.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

for (const next of ["/.//evil.example", "/..//evil.example", "/%2e%2e//evil.example", "/.%2F%2Fevil.example"])
  test(`signing in with next=${next} stays on the app's own origin`, async ({ page }) => {
    const offSite: string[] = [];
    // by host: the sign-in URL itself holds "evil.example" in its query
    await page.route(
      (url) => url.hostname.endsWith("evil.example"),
      async (route) => {
        offSite.push(route.request().url());
        await route.abort();
      },
    );
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).hostname.endsWith("evil.example"))
        offSite.push(frame.url());
    });
    await signInWithNext(page, next);
    await page.waitForLoadState("networkidle");
    expect(new URL(page.url()).origin).toBe(DEMO_URL);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(offSite).toEqual([]);
  });

test("signing in with a plain path in next goes there", async ({ page }) => {
  await signInWithNext(page, "/sets");
  await expect(page).toHaveURL(`${DEMO_URL}/sets`);
});

import { randomUUID } from "node:crypto";
import { DEMO_URL } from "./helpers";
import { expect, test } from "./test";

// Brute force against the running server. Each test locks an email of its own that has no
// account (a lock works the same whether or not the account exists), so no other spec's account
// is touched; together they spend 20 of the 50 failures the shared loopback address may have.

test("the sign-in page says when to try again after repeated wrong passwords", async ({ page }) => {
  const email = `lockout-${randomUUID()}@example.test`;
  await page.goto(`${DEMO_URL}/sign-in`);
  const submit = page.getByTestId("sign-in-submit");
  const error = page.getByTestId("sign-in-error");
  for (let attempt = 1; attempt <= 10; attempt++) {
    await page.getByTestId("sign-in-email").fill(email);
    await page.getByTestId("sign-in-password").fill(`wrong password ${attempt}`);
    await submit.click();
    await expect(submit).toHaveText("Sign in");
    await expect(error).toHaveText("Wrong email or password.");
  }
  await page.getByTestId("sign-in-password").fill("wrong password 11");
  await submit.click();
  await expect(error).toHaveText("Too many sign-in attempts; try again in 15 minutes.");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("the sign-in API answers 429 with Retry-After, whatever X-Forwarded-For the client sends", async ({
  request,
}) => {
  const email = `lockout-${randomUUID()}@example.test`;
  const attempt = (password: string, index: number) =>
    request.post(`${DEMO_URL}/api/auth/sign-in/email`, {
      data: { email, password },
      headers: { origin: DEMO_URL, "x-forwarded-for": `198.51.100.${index}` },
    });
  for (let index = 1; index <= 10; index++)
    expect((await attempt(`wrong ${index}`, index)).status()).toBe(401);
  const refused = await attempt("wrong 11", 11);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(800);
  expect(await refused.json()).toMatchObject({ code: "too_many_requests" });
});

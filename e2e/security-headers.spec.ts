import type { APIResponse, Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, selectInDocument, signIn } from "./helpers";
import { expect, test } from "./test";

// Security headers (issue 10, item 6): every response carries them, pages get a
// Content-Security-Policy with a fresh nonce, and the app works in Chromium under that policy.

/** A policy as `{ directive: sources }`. */
function directivesOf(policy: string | undefined): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of (policy ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name] = sources;
  }
  return directives;
}

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  for (const feature of ["camera", "microphone", "geolocation"])
    expect(headers["permissions-policy"]).toContain(`${feature}=()`);
  expect(headers["x-powered-by"]).toBeUndefined();
  const policy = directivesOf(headers["content-security-policy"]);
  expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  expect(policy["object-src"]).toEqual(["'none'"]);
  expect(policy["base-uri"]).toEqual(["'self'"]);
  return policy;
}

/** The nonce of a page policy's script-src. */
function nonceOf(policy: Record<string, string[]>): string {
  const nonce = policy["script-src"]?.find((source) => source.startsWith("'nonce-"));
  expect(nonce, "script-src has a nonce").toBeDefined();
  return nonce?.slice("'nonce-".length, -1) ?? "";
}

test("pages, API responses and static assets carry the security headers; each page load has its own nonce", async ({
  request,
}) => {
  const first = await request.get(`${DEMO_URL}/sign-in`);
  const second = await request.get(`${DEMO_URL}/sign-in`);
  const firstPolicy = expectSecurityHeaders(first);
  const nonce = nonceOf(firstPolicy);
  expect(firstPolicy["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  expect(firstPolicy["style-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(firstPolicy["connect-src"]).toEqual(["'self'"]);
  expect(firstPolicy["form-action"]).toEqual(["'self'"]);
  expect(nonceOf(expectSecurityHeaders(second))).not.toBe(nonce);

  // Next.js put the request's nonce on every script of the page.
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);

  // An API answer and a static asset: the policy that loads nothing.
  const api = await request.get(`${DEMO_URL}/api/health`);
  expect(expectSecurityHeaders(api)["default-src"]).toEqual(["'none'"]);
  const assetPath = html.match(/\/_next\/static\/[^"]+\.js/)?.[0];
  expect(assetPath).toBeDefined();
  const asset = await request.get(`${DEMO_URL}${assetPath}`);
  expect(asset.status()).toBe(200);
  expect(expectSecurityHeaders(asset)["default-src"]).toEqual(["'none'"]);
  // A refusal carries them too.
  const refused = await request.get(`${DEMO_URL}/api/jobs/no-such-job`);
  expect(refused.status()).toBe(401);
  expectSecurityHeaders(refused);
});

/**
 * Collects what the browser reports against a policy: Chromium's console messages (a blocked
 * script or style, a Permissions-Policy it cannot read), `securitypolicyviolation` events, and
 * uncaught page errors.
 */
async function watchForViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Permissions.Policy/i.test(message.text()))
      problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: page error: ${error.message}`));
  await page.exposeFunction("reportPolicyViolation", (report: string) => problems.push(report));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportPolicyViolation(report: string): void })
        .reportPolicyViolation;
      report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  return problems;
}

/** Opens a page and waits for React to hydrate it: its scripts ran under the policy. */
async function visit(page: Page, pathname: string) {
  const response = await page.goto(`${DEMO_URL}${pathname}`);
  expect(response?.status(), pathname).toBe(200);
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")));
  // The stylesheet applied (Tailwind's preflight zeroes the body's margin).
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe("0px");
}

test("the main pages run under their own policy: no violation, no page error, and clicks work", async ({
  page,
}, testInfo) => {
  const problems = await watchForViolations(page);

  await visit(page, "/sign-in");
  // The form submits through client code (preventDefault): this needs hydrated scripts.
  await signIn(page, { baseUrl: DEMO_URL, email: "admin@goldenset.local", password: "goldenset-admin" });

  await visit(page, "/");
  await visit(page, "/sets");
  const setHref = await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).getAttribute("href");
  await visit(page, setHref ?? "");
  // Bars sized per row on the server keep their inline width (style-src-attr).
  const sizedBar = page.locator('[style*="width"]').first();
  expect(await sizedBar.evaluate((element) => (element as HTMLElement).style.width)).not.toBe("");

  // A server action, signed in: the form posts through the client.
  const queryText = `csp check ${testInfo.retry} ${Date.now()}`;
  await page.getByTestId("add-query-text").fill(queryText);
  await page.getByTestId("add-query-submit").click();
  await expect(page.getByTestId("query-row").filter({ hasText: queryText })).toBeVisible();

  const queryHref = await page.getByTestId("query-link").first().getAttribute("href");
  await visit(page, queryHref ?? "");
  // Selecting text is handled by client code: the preview appears.
  const documentText = (await page.getByTestId("document-text").innerText()).trim();
  const phrase = documentText.split(/\s+/).slice(0, 4).join(" ");
  await selectInDocument(page, phrase);
  await expect(page.getByTestId("selection-preview")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("labeling-workspace.png"), fullPage: true });

  await visit(page, "/runs");
  const runHref = await page.locator('a[href^="/runs/"]').first().getAttribute("href");
  await visit(page, runHref ?? "");
  // The set's runs compared, with charts (SVG with inline styles).
  await visit(page, `${setHref}/runs`);
  await expect(page.locator("svg.recharts-surface").first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("set-runs.png"), fullPage: true });

  await visit(page, "/corpora");
  const corpusHref = await page.getByTestId("corpus-link").first().getAttribute("href");
  await visit(page, corpusHref ?? "");
  await visit(page, "/logs");
  const logHref = await page.getByTestId("log-link").first().getAttribute("href");
  await visit(page, logHref ?? "");
  await visit(page, "/jobs");

  expect(problems).toEqual([]);

  // Signed out behind the page's back, a server action is turned away before it runs, and the
  // browser lands on the sign-in page, which comes back here afterwards.
  await visit(page, setHref ?? "");
  await page.context().clearCookies();
  await page.getByTestId("add-query-text").fill(`${queryText} after sign-out`);
  await page.getByTestId("add-query-submit").click();
  await expect(page).toHaveURL(`${DEMO_URL}/sign-in?next=${encodeURIComponent(setHref ?? "")}`);
});

import type { Page } from "@playwright/test";
import { DEMO_SET_NAME, DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// Every page with an id in its path answers an unknown id with a 404 — the status and a page that
// says what was not found, inside the app shell, with a way back — never a 500. Nested ids are
// checked under a real parent (and real children under an unknown parent) from the demo.

const UNKNOWN = "no-such-id-e2e";

type Case = {
  path: string;
  /** The not-found page's heading. */
  title: string;
  /** The ways back it offers, primary first. */
  links: string[];
};

/** The demo's golden set, one of its queries, its corpus and one of the corpus's documents. */
async function demoIds(page: Page) {
  await page.goto(`${DEMO_URL}/sets`);
  const setHref = await page.getByTestId("set-link").filter({ hasText: DEMO_SET_NAME }).getAttribute("href");
  const setId = setHref?.split("/").pop() ?? "";
  await page.goto(`${DEMO_URL}/sets/${setId}`);
  const queryId = (await page.getByTestId("query-row").first().getAttribute("data-query-id")) ?? "";
  const corpusHref = (await page.locator('a[href^="/corpora/"]').first().getAttribute("href")) ?? "";
  const corpusId = corpusHref.split("/").pop() ?? "";
  await page.goto(`${DEMO_URL}/corpora/${corpusId}`);
  const documentHref =
    (await page.getByTestId("document-row").first().getByRole("link").first().getAttribute("href")) ?? "";
  const documentId = documentHref.split("/").pop() ?? "";
  for (const id of [setId, queryId, corpusId, documentId]) expect(id).toMatch(/^[\w-]+$/);
  return { setId, queryId, corpusId, documentId };
}

test("every page with an id in its path answers an unknown id with a 404 inside the app shell", async ({
  page,
}) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  const { setId, queryId, corpusId, documentId } = await demoIds(page);

  const set = { title: "Golden set not found", links: ["/sets", "/"] };
  const query = { title: "Query not found", links: [`/sets/${setId}`, "/sets", "/"] };
  const cases: Case[] = [
    { path: `/runs/${UNKNOWN}`, title: "Run not found", links: ["/runs", "/"] },
    { path: `/sweeps/${UNKNOWN}`, title: "Sweep not found", links: ["/runs", "/"] },
    { path: `/logs/${UNKNOWN}`, title: "Query log not found", links: ["/logs", "/"] },
    { path: `/sets/${UNKNOWN}`, ...set },
    { path: `/sets/${UNKNOWN}/runs`, ...set },
    { path: `/sets/${UNKNOWN}/next`, ...set },
    { path: `/sets/${UNKNOWN}/holes`, ...set },
    { path: `/sets/${UNKNOWN}/assignments`, ...set },
    // an unknown query in a real set; a real query under an unknown set; a document not in the corpus
    { path: `/sets/${setId}/queries/${UNKNOWN}`, ...query },
    {
      path: `/sets/${UNKNOWN}/queries/${queryId}`,
      title: "Query not found",
      links: [`/sets/${UNKNOWN}`, "/sets", "/"],
    },
    { path: `/sets/${setId}/queries/${queryId}?doc=${UNKNOWN}`, ...query },
    { path: `/corpora/${UNKNOWN}`, title: "Corpus not found", links: ["/corpora", "/"] },
    {
      path: `/corpora/${corpusId}/documents/${UNKNOWN}`,
      title: "Document not found",
      links: [`/corpora/${corpusId}`, "/corpora", "/"],
    },
    {
      path: `/corpora/${UNKNOWN}/documents/${documentId}`,
      title: "Document not found",
      links: [`/corpora/${UNKNOWN}`, "/corpora", "/"],
    },
  ];

  for (const { path, title, links } of cases) {
    await test.step(path, async () => {
      const response = await page.goto(`${DEMO_URL}${path}`);
      expect(response?.status(), `${path} status`).toBe(404);
      await expect(page.getByTestId("not-found").getByRole("heading", { level: 1 })).toHaveText(title);
      // inside the app shell: the main navigation and the signed-in user stay
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByTestId("user-name")).toBeVisible();
      const hrefs = await page
        .getByTestId("not-found-link")
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
      expect(hrefs).toEqual(links);
    });
  }

  await test.step("the way back leads to the parent", async () => {
    await page.goto(`${DEMO_URL}/sets/${setId}/queries/${UNKNOWN}`);
    await page.getByTestId("not-found-link").first().click();
    await expect(page).toHaveURL(`${DEMO_URL}/sets/${setId}`);
    await expect(page.getByTestId("set-name")).toHaveText(DEMO_SET_NAME);
  });
});

test("a URL no route matches is a 404 page with a way to the overview", async ({ page }) => {
  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });
  const response = await page.goto(`${DEMO_URL}/no-such-page/${UNKNOWN}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found").getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await page.getByTestId("not-found-link").click();
  await expect(page).toHaveURL(`${DEMO_URL}/`);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

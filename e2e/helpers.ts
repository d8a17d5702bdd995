import { type BrowserContext, expect, type Page } from "@playwright/test";
import { EMPTY_PORT, lanePort } from "./ports";

/** This lane's demo server (e2e/ports.ts). */
export const DEMO_URL = `http://127.0.0.1:${lanePort(0)}`;
export const EMPTY_URL = `http://127.0.0.1:${EMPTY_PORT}`;
/** The demo's golden set (prisma/demo/golden-set.json); other specs add sets beside it. */
export const DEMO_SET_NAME = "Help center – launch set";

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

/** Sessions this worker has signed in through the form, by server and email. */
const sessions = new Map<string, Cookies>();

/**
 * Signs in through the sign-in form and lands on the home page, as a person does. The session is
 * kept for this worker: the next sign-in of the same account on the same server puts its cookie
 * into the page's context and opens the home page (one page load instead of the form's three); a
 * session that has ended since (signed out, deactivated, reset) sends that page to sign-in, and the
 * form is used again. The specs of sign-in itself fill the form themselves.
 */
export async function signIn(page: Page, options: { baseUrl: string; email: string; password: string }) {
  const key = `${options.baseUrl} ${options.email}`;
  const saved = sessions.get(key);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto(`${options.baseUrl}/`);
    if (!new URL(page.url()).pathname.startsWith("/sign-in")) return;
    sessions.delete(key);
  }
  await page.goto(`${options.baseUrl}/sign-in`);
  await page.getByTestId("sign-in-email").fill(options.email);
  await page.getByTestId("sign-in-password").fill(options.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page).not.toHaveURL(/sign-in/);
  sessions.set(key, await page.context().cookies(options.baseUrl));
}

/**
 * Waits until the labeling workspace answers keys: it is server-rendered (labels, titles) before
 * it is hydrated, and a key pressed before that is lost.
 */
export async function waitForLiveWorkspace(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-labeling-keys", "on");
}

/**
 * Selects the first occurrence of `phrase` in the open document the way a mouse drag would: a DOM
 * Range over the rendered text nodes, which may span several nodes (highlights split the text).
 */
export async function selectInDocument(page: Page, phrase: string) {
  const found = await page.getByTestId("document-text").evaluate((root, needle) => {
    const nodes: { node: Text; start: number }[] = [];
    let text = "";
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push({ node: node as Text, start: text.length });
      text += node.textContent ?? "";
    }
    const at = text.indexOf(needle);
    if (at < 0) return false;
    const locate = (offset: number) => {
      const index = nodes.findLastIndex((entry) => entry.start <= offset);
      const entry = nodes[index];
      return entry ? { node: entry.node, offset: offset - entry.start } : null;
    };
    const from = locate(at);
    const to = locate(at + needle.length);
    if (!from || !to) return false;
    const range = document.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    root.dispatchEvent(new MouseEvent("mouseup", { bubbles: true }));
    document.dispatchEvent(new Event("selectionchange"));
    return true;
  }, phrase);
  expect(found, `"${phrase}" should be in the open document`).toBe(true);
}

import { expect, type Page } from "@playwright/test";

export const DEMO_URL = "http://127.0.0.1:3210";
export const EMPTY_URL = "http://127.0.0.1:3211";

export async function signIn(page: Page, options: { baseUrl: string; email: string; password: string }) {
  await page.goto(`${options.baseUrl}/sign-in`);
  await page.getByTestId("sign-in-email").fill(options.email);
  await page.getByTestId("sign-in-password").fill(options.password);
  await page.getByTestId("sign-in-submit").click();
  await expect(page).not.toHaveURL(/sign-in/);
}

/**
 * Selects `length` characters of the open document starting at the first occurrence of `phrase`,
 * the way a mouse drag would: a DOM Range over the rendered text nodes.
 */
export async function selectInDocument(page: Page, phrase: string) {
  const found = await page.getByTestId("document-text").evaluate((root, needle) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(needle) ?? -1;
      if (at >= 0) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + needle.length);
        const selection = window.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(range);
        root.dispatchEvent(new MouseEvent("mouseup", { bubbles: true }));
        document.dispatchEvent(new Event("selectionchange"));
        return true;
      }
    }
    return false;
  }, phrase);
  expect(found, `"${phrase}" should be in the open document`).toBe(true);
}

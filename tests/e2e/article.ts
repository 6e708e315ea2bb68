import type { Page } from "@playwright/test";

/**
 * Finds `wanted` in the reader's article (the first text node holding it) and either selects it
 * as a person would (a range the browser reports as the selection) or answers where it is on
 * screen. Runs in the page, so it holds everything it needs.
 */
function findInArticle(page: Page, wanted: string, select: boolean) {
  return page.evaluate(
    ([text, selecting]) => {
      const root = document.querySelector("[data-testid=reader-article]")!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node as Text).data.indexOf(text);
        if (at === -1) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        if (selecting) {
          document.getSelection()!.removeAllRanges();
          document.getSelection()!.addRange(range);
          return null;
        }
        const rect = range.getBoundingClientRect();
        return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
      }
      throw new Error(`not in the article: ${text}`);
    },
    [wanted, select] as const,
  );
}

/** Selects `text` inside the article as a person would. */
export async function selectInArticle(page: Page, text: string): Promise<void> {
  await findInArticle(page, text, true);
}

/** Where a word of the article is on screen, to double-click it. */
export async function wordPoint(page: Page, word: string): Promise<{ x: number; y: number }> {
  return (await findInArticle(page, word, false))!;
}

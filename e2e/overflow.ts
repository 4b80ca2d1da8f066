import type { Page } from '@playwright/test';

/**
 * What on the page ends past the viewport's right edge: every visible element's box is measured, since a page that
 * clips its overflow shows no sideways scroll. Content inside a sideways-scrolling strip (overflow-x: auto) is meant
 * to go on past the edge and is left out; so are visually hidden elements (sr-only) and what has no size.
 */
export async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    // Inside a strip that scrolls sideways, or wholly outside a box that clips it (a carousel's next slides): not on
    // screen. Partly clipped counts: that is content cut off at the edge.
    const offScreenByDesign = (el: Element, box: DOMRect) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const { overflowX } = getComputedStyle(node);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
        if ((overflowX === 'hidden' || overflowX === 'clip') && box.left >= node.getBoundingClientRect().right - 0.5) return true;
      }
      return false;
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= edge + 0.5) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.clipPath !== 'none' || style.clip !== 'auto' || el.closest('[aria-hidden="true"]')) continue;
      if (offScreenByDesign(el, box)) continue;
      found.push(`${describe(el)} ends ${Math.round(box.right - edge)} px past the edge`);
    }
    return found;
  });
}

/**
 * Each of `paths` at each of `widths` (900 px high), settled (no request in flight), through `check`, which answers
 * what is wrong with the page; each problem prefixed with the width and the path.
 */
export async function walkPages(page: Page, paths: readonly string[], widths: readonly number[], check: () => Promise<string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      for (const problem of await check()) problems.push(`${width} px ${path}: ${problem}`);
    }
  }
  return problems;
}

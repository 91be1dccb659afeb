/**
 * What a page's layout must hold in any language and at any width, measured in the browser: nothing wider than the
 * window, no text on another element's box, and a visible focus on every Tab stop.
 */
import type { Page } from 'playwright-core';

/** How far the page is wider than its window (0 or less: no sideways scroll). */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/**
 * The innermost elements that reach past the window's right edge, and those whose text does (an unbroken word runs
 * out of its box without widening it): what makes the page scroll sideways.
 */
export const pastTheWindow = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 0.5;
    const name = (e: Element) =>
      `${e.localName}${[...e.classList].map((c) => `.${c}`).join('')} "${e.textContent?.trim().slice(0, 40)}"`;
    const ancestors = (element: Element) => {
      const found: Element[] = [];
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement) found.push(at);
      return found;
    };
    const past = (element: Element) => element.getBoundingClientRect().right > edge;
    // Text an element or its ancestor clips (the visually hidden) scrolls nothing.
    const clipped = (element: Element) =>
      [element, ...ancestors(element)].some((at) => getComputedStyle(at).overflowX !== 'visible');
    const textPast = (element: Element) =>
      !clipped(element) &&
      [...element.childNodes].some((child) => {
        if (child.nodeType !== Node.TEXT_NODE) return false;
        const range = document.createRange();
        range.selectNodeContents(child);
        return range.getBoundingClientRect().right > edge;
      });
    return [...document.body.querySelectorAll('*')]
      .filter((element) => (past(element) && ![...element.children].some(past)) || textPast(element))
      .map(name);
  });

/**
 * Text in the main content that lies on another element's box: each visible text node, line by line, and each
 * text-bearing leaf element's box, against one another and the boxes of controls and images. An element and what it
 * holds are not compared; what an ancestor's overflow clips away (the visually hidden) does not count. Answers each
 * pair found, as "what ↔ what". With a modal dialog open, its own content only.
 */
export const overlaps = (page: Page): Promise<string[]> =>
  page.locator('main').evaluate((main) => {
    interface Item {
      owner: Node;
      rects: DOMRect[];
      text: boolean;
    }
    const BOXES = 'input:not([type="hidden"]), select, textarea, button, img, svg, .portal-button';
    const name = (node: Node) => {
      const element = node instanceof Element ? node : node.parentElement!;
      const classes = [...element.classList].map((c) => `.${c}`).join('');
      return `${element.localName}${element.id ? `#${element.id}` : ''}${classes} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    /** The part of `rect` inside every ancestor that clips its overflow, or null where nothing of it shows. */
    const shownPart = (rect: DOMRect, from: Element): DOMRect | null => {
      let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom];
      for (let at: Element | null = from; at && at !== document.body; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = at.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, clip.left),
          Math.max(top, clip.top),
          Math.min(right, clip.right),
          Math.min(bottom, clip.bottom),
        ];
      }
      return right - left > 1 && bottom - top > 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
    };
    const items: Item[] = [];
    const add = (owner: Node, element: Element, rects: DOMRectList, text: boolean) => {
      const shown = [...rects].map((r) => shownPart(r, element)).filter((r): r is DOMRect => r !== null);
      if (shown.length) items.push({ owner, rects: shown, text });
    };
    // A modal dialog open: the page under its backdrop is inert, and what the dialog holds is what is read.
    for (const element of (main.querySelector('dialog:modal') ?? main).querySelectorAll('*')) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const leafText = element.children.length === 0 && Boolean(element.textContent?.trim());
      if (leafText || element.matches(BOXES)) add(element, element, element.getClientRects(), leafText);
      for (const child of element.childNodes) {
        if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(child);
        add(child, element, range.getClientRects(), true);
      }
    }
    const meet = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    const found: string[] = [];
    items.forEach((a, i) => {
      for (const b of items.slice(i + 1)) {
        if (!a.text && !b.text) continue;
        if (a.owner.contains(b.owner) || b.owner.contains(a.owner)) continue;
        if (a.rects.some((ra) => b.rects.some((rb) => meet(ra, rb)))) found.push(`${name(a.owner)} ↔ ${name(b.owner)}`);
      }
    });
    return found;
  });

/**
 * Tabs from where focus is round the page, back to the first stop, and answers each stop whose focus does not show
 * (neither outline nor box-shadow).
 */
export async function tabStopsWithoutRing(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    (window as unknown as { tabStops: Set<Element> }).tabStops = new Set();
  });
  const unseen: string[] = [];
  for (let press = 0; press < 100; press++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const stops = (window as unknown as { tabStops: Set<Element> }).tabStops;
      const element = document.activeElement;
      // Past the last stop, focus leaves the page for a press before it comes round to the first.
      if (!element || element === document.body) return 'outside';
      if (stops.has(element)) return null;
      stops.add(element);
      const style = getComputedStyle(element);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return {
        ring,
        name: `${element.localName}${element.id ? `#${element.id}` : ''} "${element.textContent?.trim().slice(0, 40)}"`,
      };
    });
    if (stop === null) return unseen;
    if (stop !== 'outside' && !stop.ring) unseen.push(stop.name);
  }
  throw new Error('Tab went on past 100 stops without coming back to the first');
}

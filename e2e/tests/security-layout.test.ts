/**
 * The security page laid out in a language of each script (Latin, Cyrillic, CJK) at 320 px: each session a card with
 * its border, each fact's term apart from its value and no value broken inside a word, nothing wider than the
 * screen, axe clean. Its spacing once sat in one language's block of the stylesheet, so only that language got it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { baseUrl, expectAccessible, openPage, signInThroughForm, useChromium } from '../support/browser';

const chromium = useChromium();

/** Each fact's term and value: apart side by side, or the value on a line below its term. */
const factsTouching = (page: Page) =>
  page.locator('.portal-security__facts dt').evaluateAll((terms) =>
    terms.flatMap((term) => {
      const value = term.nextElementSibling;
      if (!value) return [];
      const t = term.getBoundingClientRect();
      const v = value.getBoundingClientRect();
      const apart = v.left - t.right >= 4 || v.top >= t.bottom;
      return apart ? [] : [`${term.textContent}|${value.textContent}`];
    }),
  );

/**
 * Words of the facts' values split across two lines: a long term (Russian "Последняя активность") once took its whole
 * line, leaving the date a column of two or three letters. Only for a language that puts spaces between its words;
 * Japanese and Chinese lines break between any two characters.
 */
const wordsSplit = (page: Page) =>
  page.locator('.portal-security__facts dd').evaluateAll((values) =>
    values.flatMap((value) => {
      const text = value.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      return [...(text.textContent ?? '').matchAll(/\S+/g)].flatMap((word) => {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 ? [word[0]] : [];
      });
    }),
  );

const cardBorder = (page: Page) =>
  page
    .locator('.portal-security__item')
    .first()
    .evaluate((item) => getComputedStyle(item).borderTopWidth);

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('security page layout in every script', () => {
  for (const locale of ['en_US', 'ru', 'ja', 'zh_TW']) {
    it(`${locale}: cards with borders, terms apart from values, no value broken inside a word, no scroll sideways at 320 px`, async () => {
      const userId = addUser(`layout${locale.replace('_', '').toLowerCase()}`, 'default');
      const { page, context, problems } = await openPage(chromium.browser(), { width: 320, height: 800 });
      try {
        await signInThroughForm(page, 'default', userId, PASSWORD);
        await page.waitForURL('**/sdportal/platform/home?cobrandHost=default');
        await page.goto(`${baseUrl()}/public-portal-ui/security-component?cobrandHost=default&locale=${locale}`);
        await page.locator('.portal-security__item').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale.replace('_', '-'));
        expect(await cardBorder(page)).toBe('1px');
        expect(await factsTouching(page)).toEqual([]);
        if (!['ja', 'zh_TW'].includes(locale)) expect(await wordsSplit(page)).toEqual([]);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await expectAccessible(page, `security page, ${locale}, 320 px`);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

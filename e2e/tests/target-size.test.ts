/**
 * The form controls a user types in or presses are the size the style gives them: at least 44 px high (the portal's
 * own target size, above WCAG 2.5.8's 24), and a text field as wide as its field, on the screens where one types first.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, signInUrl, useChromium } from '../support/browser';

const { withPage } = useChromium();

/** Every input, select and button in the page's form that is too low, or a text field narrower than its field. */
const misfits = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'main input:not([type=checkbox]):not([type=hidden]), main select, main button',
      ),
    ].flatMap((control) => {
      const box = control.getBoundingClientRect();
      const field = control.closest('.portal-field')?.getBoundingClientRect();
      const name = `${control.tagName.toLowerCase()}#${control.id || control.textContent?.trim()}`;
      const problems = box.height < 44 ? [`${name} is ${box.height} px high`] : [];
      const alone = control.parentElement?.classList.contains('portal-field');
      if (field && alone && box.width < field.width - 1)
        problems.push(`${name} is ${box.width} px wide in a ${field.width} px field`);
      return problems;
    }),
  );

describe('form controls', () => {
  it.each([
    ['sign-in', () => signInUrl('skerrymoor', '&locale=en_US')],
    ['forgot password', () => `${baseUrl()}/public-portal-ui/forgot-password-component?cobrandHost=skerrymoor`],
  ])('on %s are at least 44 px high, and the user ID field spans its field', async (_, url) => {
    await withPage(async ({ page }) => {
      await page.goto(url());
      await page.locator('#userId').waitFor();
      await page.locator('.portal-footer').waitFor();
      expect(await misfits(page)).toEqual([]);
    });
  });
});

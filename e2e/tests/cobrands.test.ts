/**
 * A sample of the cobrand catalogue in Chromium, covering the three footer layouts, a context-prefixed cookie link,
 * authorization-warning and powered-by logos and non-English first languages: each sign-in page shows its logo, its
 * theme, its footer in its variant's order, and passes axe. (Every cobrand renders in web/test/cobrand-pages.test.tsx.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { CobrandEntry, FooterVariant } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { expectAccessible, openPage, signInUrl, useChromium } from '../support/browser';

const data = new URL('../../data/', import.meta.url);
const readJson = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, data), 'utf8')) as T;
const SAMPLE = ['skerrymoor', 'ravensholt', 'wrenfold', 'yarrowby', 'saginoura', 'lindenquell'];

/** What the page must show, worked out from the catalogue files alone. */
function expected(id: string) {
  const { cobrand, locales } = readJson<{ cobrand: CobrandEntry; locales: Record<string, string> }>(
    `cobrands/${id}/cobrand.json`,
  );
  const variant = readJson<FooterVariant>(`footers/${cobrand.footerVariant}.json`);
  const assets = readJson<Record<string, { name: string }>>('footers/assets/assets.json');
  const locale = Object.keys(locales)[0]!;
  const logoAlt = readJson<Record<string, string>>(`i18n/${locale}/PortalLabels.json`)['shell.logoAlt']!;
  const theme = readFileSync(new URL(`cobrands/${id}/theme.css`, data), 'utf8');
  return {
    locale,
    cobrand,
    variant,
    logoFormat: ['jpg', 'png', 'gif'].find((f) => existsSync(new URL(`cobrands/${id}/logo.${f}`, data))),
    brand: theme.match(/--portal-primitive-brand:\s*(#[0-9a-f]{6})/i)![1]!,
    links: variant.links.map((key) => {
      const url = cobrand[`${key}Url`]!;
      return [cobrand[key], key === 'cookieNotice' && variant.cookieNoticeContextPrefix ? `/sdportal${url}` : url];
    }),
    alt: (file: string | null) => (file ? logoAlt.replace('{0}', assets[file]!.name) : null),
  };
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const chromium = useChromium();

describe('cobrand sign-in pages', () => {
  it('cover the three layouts, a context-prefixed cookie link and both footer logos between them', () => {
    const variants = SAMPLE.map((id) => expected(id).variant);
    expect(new Set(variants.map((v) => v.layout))).toEqual(new Set(['inline', 'stacked', 'columns']));
    expect(variants.some((v) => v.cookieNoticeContextPrefix)).toBe(true);
    expect(variants.some((v) => v.authorizationWarningLogo)).toBe(true);
    expect(variants.some((v) => v.poweredByLogo)).toBe(true);
  });

  it.each(SAMPLE)('%s shows its logo, theme and footer, and passes axe', async (id) => {
    const want = expected(id);
    const { page, context, problems } = await openPage(chromium.browser());
    try {
      // In its first language: with no locale and no cookie, an English-speaking browser would get English.
      await page.goto(signInUrl(id, `&locale=${want.locale}`));
      await page.locator('.portal-signin__submit').waitFor();
      await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));

      const logo = page.locator('.portal-header__logo');
      expect(await logo.isVisible()).toBe(true);
      // §7's address, with the file's version the page names it by.
      expect(await logo.getAttribute('src')).toMatch(
        new RegExp(`^/sdportal/cobrands/${id}/logo\\.${want.logoFormat}\\?v=[\\w-]{16}$`),
      );

      // The theme reached the page: its primitive is set, and the header and footer are painted with it.
      expect(
        await page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--portal-primitive-brand').trim(),
        ),
      ).toBe(want.brand);
      expect(await page.locator('.portal-header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        rgb(want.brand),
      );
      expect(await page.locator('.portal-footer').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        rgb(want.brand),
      );

      const footer = page.locator(`.portal-footer.portal-footer--${want.variant.layout}`);
      expect(await footer.count()).toBe(1);
      const links = await footer
        .locator('.portal-footer__link')
        .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(links).toEqual(want.links);
      const arrangement = await footer.locator('.portal-footer__links').evaluate((el) => {
        const style = getComputedStyle(el);
        return style.display === 'grid' ? 'columns' : style.flexDirection === 'column' ? 'stacked' : 'inline';
      });
      expect(arrangement).toBe(want.variant.layout);
      expect(await footer.locator('.portal-footer__copyright').textContent()).toBe(want.cobrand.copyrightMessage);
      expect(await footer.locator('.portal-footer__message').count()).toBe(want.variant.showFooterMessage ? 1 : 0);

      for (const [selector, file] of [
        ['.portal-footer__authorization-logo', want.variant.authorizationWarningLogo],
        ['.portal-footer__powered-by-logo', want.variant.poweredByLogo],
      ] as const) {
        const image = footer.locator(selector);
        expect(await image.count(), selector).toBe(file ? 1 : 0);
        if (!file) continue;
        expect(await image.isVisible()).toBe(true);
        expect(await image.getAttribute('alt')).toBe(want.alt(file));
        expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      }
      await expectAccessible(page, `the ${id} sign-in page`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('every cobrand on a narrow screen', () => {
  const IDS = readdirSync(new URL('cobrands/', data));

  it('fits 320 px with no sideways scrolling (WCAG 1.4.10), footer logos included', async () => {
    const { page, context } = await openPage(chromium.browser(), { width: 320, height: 640 });
    const wide: string[] = [];
    for (const id of IDS) {
      // An SSO cobrand's page goes to its provider at once; after a refused sign-on it stays, with its footer.
      const sso = readJson<{ identityProvider?: object }>(`cobrands/${id}/cobrand.json`).identityProvider;
      await page.goto(signInUrl(id, sso ? '&invalidLogin=true' : ''));
      await page.locator('.portal-footer').waitFor();
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) wide.push(`${id}: ${width} px`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });

  it('puts the powered-by and authorization logos above their text at 390 px', async () => {
    const { page, context } = await openPage(chromium.browser(), { width: 390, height: 800 });
    await page.goto(signInUrl('skerrymoor'));
    for (const part of ['authorization', 'powered-by']) {
      const text = page.locator(`.portal-footer__${part}-text`);
      const logo = page.locator(`.portal-footer__${part}-logo`);
      await logo.waitFor();
      const [textBox, logoBox] = [await text.boundingBox(), await logo.boundingBox()];
      expect(Math.abs(textBox!.x - logoBox!.x), part).toBeLessThan(2);
      expect(textBox!.height, `${part} wraps into a narrow column`).toBeLessThan(80);
    }
    await context.close();
  });
});

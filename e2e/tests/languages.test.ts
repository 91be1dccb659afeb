/** Every language of §3 in Chromium: the selector switches and remembers, and every locale renders whole. */
import { readFileSync } from 'node:fs';
import { SUPPORTED_LOCALES, languageTag } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, openPage, signInUrl, useChromium } from '../support/browser';

const english = {
  ...JSON.parse(readFileSync(new URL('../../data/i18n/en_US/Messages.json', import.meta.url), 'utf8')),
  ...JSON.parse(readFileSync(new URL('../../data/i18n/en_US/PortalLabels.json', import.meta.url), 'utf8')),
} as Record<string, string>;
const KEYS = Object.keys(english);

const chromium = useChromium();

/** As another back end sends the sign-in page: as built, with neither its data nor the rendered screen. */
async function sendWithoutItsData(page: Page): Promise<void> {
  await page.route('**/login-signin-component?*', async (route) => {
    const response = await route.fetch();
    // The root emptied up to what follows it (the form's hidden anti-forgery field, for a browser without scripts).
    const body = (await response.text())
      .replace(/<script type="application\/json" id="portal-page-data">.*?<\/script>/s, '')
      .replace(
        /<div id="root" class="portal-root">.*<\/div>(\s*(?:<input [^>]*>\s*)*<\/body>)/s,
        '<div id="root" class="portal-root"></div>$1',
      );
    // Else the rendered screen would be there at once, and the tests below would pass before the script ran.
    if (body.includes('portal-signin__submit')) throw new Error('the page still holds its rendered screen');
    await route.fulfill({ response, body });
  });
}

describe('languages', () => {
  it('switches the page to the chosen language, remembers it for 90 days, and keeps it on the next visit', async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    await page.goto(signInUrl('larchmere'));
    await page.getByLabel('Language').waitFor();
    await page.getByLabel('Language').selectOption('fr');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Change language' }).click()]);
    // The cobrand's own button label, in French too.
    await page.getByRole('button', { name: 'Se connecter en toute sécurité' }).waitFor();
    expect(await page.locator('#portal-language').inputValue()).toBe('fr');
    expect(await page.locator('label[for="portal-language"]').textContent()).toBe('Langue');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.locator('label[for="userId"]').textContent()).not.toBe('User ID');
    const cookie = (await context.cookies()).find((c) => c.name === 'user_locale');
    expect(cookie?.value).toBe('fr');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(89 * 24 * 3600);
    await page.goto(signInUrl('larchmere'));
    await page.locator('.portal-signin__submit').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expectAccessible(page, 'the sign-in page in French');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['larchmere', 'en_GB', 'fr'],
    ['skerrymoor', 'en_US', 'es'],
  ])('keeps the typed user ID across a language change on %s (passkeys off and on)', async (cobrand, from, to) => {
    const { page, context, problems } = await openPage(chromium.browser());
    await page.goto(signInUrl(cobrand, `&locale=${from}`));
    await page.getByLabel('User ID', { exact: true }).fill('half-typed-id');
    await page.getByLabel('Language').selectOption(to);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Change language' }).click()]);
    await page.locator(`html[lang="${to}"]`).waitFor();
    await expect.poll(() => page.locator('#userId').inputValue()).toBe('half-typed-id');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders the sign-in page in all 23 locales with no missing text and no overflowing button', async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    const report: string[] = [];
    for (const locale of SUPPORTED_LOCALES) {
      await page.goto(signInUrl('default', `&locale=${locale}`));
      await page.locator('.portal-signin__submit').waitFor();
      await page.locator('.portal-signin__submit').click(); // empty submit: the error texts show too
      await page.locator('.portal-error-summary').waitFor();
      const lang = await page.locator('html').getAttribute('lang');
      const text = await page.locator('body').innerText();
      const leakedKeys = KEYS.filter((key) => text.includes(key));
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, .portal-button')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
          .map((el) => el.textContent),
      );
      const submit = (await page.locator('.portal-signin__submit').textContent()) ?? '';
      if (lang !== languageTag(locale)) report.push(`${locale}: lang=${lang}`);
      if (leakedKeys.length) report.push(`${locale}: shows keys ${leakedKeys.join(', ')}`);
      if (overflowing.length) report.push(`${locale}: overflowing ${overflowing.join(' | ')}`);
      if (!['en_US', 'en_GB'].includes(locale) && submit === english['signin.submit'])
        report.push(`${locale}: button in English`);
    }
    expect(report).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(['ja', 'ru', 'fr_CA', 'in'])('passes axe in %s with the error summary showing', async (locale) => {
    const { page, context } = await openPage(chromium.browser());
    await page.goto(signInUrl('default', `&locale=${locale}`));
    await page.locator('.portal-signin__submit').click();
    await page.locator('.portal-error-summary').waitFor();
    await expectAccessible(page, `the sign-in page in ${locale}`);
    await context.close();
  });
});

describe('a page in one language', () => {
  it('sets a Chinese, Japanese or Korean page in faces of its own language, and breaks Korean lines between words', async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    const faces: Record<string, string> = { ja: 'CJK JP', ko: 'CJK KR', zh_CN: 'CJK SC', zh_TW: 'CJK TC' };
    for (const [locale, face] of Object.entries(faces)) {
      await page.goto(signInUrl('default', `&locale=${locale}`));
      await page.locator('.portal-signin__submit').waitFor();
      const style = await page.evaluate(() => {
        const { fontFamily } = getComputedStyle(document.querySelector('.portal-signin__submit')!);
        return { fontFamily, wordBreak: getComputedStyle(document.querySelector('h1')!).wordBreak };
      });
      // The first CJK face named is the language's own: a browser takes the first that has the character.
      expect(style.fontFamily.match(/CJK \w\w/)?.[0], locale).toBe(face);
      expect(style.wordBreak, locale).toBe(locale === 'ko' ? 'keep-all' : 'normal');
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a Canadian French page whole: heading, title, the cobrand's warning and its footer", async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    await page.goto(signInUrl('skerrymoor', '&locale=fr-CA'));
    await page.locator('.portal-signin__submit').waitFor();
    const french = JSON.parse(
      readFileSync(new URL('../../data/cobrands/skerrymoor/cobrand.json', import.meta.url), 'utf8'),
    ).translations.fr_CA as Record<string, string>;
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
    // The bank's label is a whole message around its name, in which French sets a space before the colon.
    const heading = `Ouverture de session\u00a0: ${french.appName}`;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    await expect.poll(() => page.title()).toBe(heading);
    expect(await page.locator('.portal-footer__link').allTextContents()).toContain(french.privacyPolicy);
    expect(await page.locator('.portal-footer__authorization-text').textContent()).toBe(french.authorizationWarning);
    expect(await page.locator('.portal-footer__copyright').textContent()).toBe(french.copyrightMessage);
    expect(await page.locator('body').innerText()).toContain(french.warningMessage);
    expect(await page.locator('body').innerText()).not.toContain('Sign in to');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('follows the browser language when there is neither a locale parameter nor a cookie', async () => {
    const context = await chromium.browser().newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto(signInUrl('skerrymoor'));
    await page.locator('.portal-signin__submit').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect((await context.cookies()).find((c) => c.name === 'user_locale')?.value).toBe('es');
    await context.close();
  });
});

describe('what the page asks for', () => {
  it("loads the bundles with §7's headers, like every other call, from a page sent without its data", async () => {
    const { page, context } = await openPage(chromium.browser());
    const bundles: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/i18n/')) bundles.push(request.headers());
    });
    await sendWithoutItsData(page);
    await page.goto(signInUrl('skerrymoor', '&locale=es'));
    await page.locator('.portal-signin__submit').waitFor();
    expect(bundles).toHaveLength(2);
    for (const headers of bundles) {
      expect(headers['x-requested-with']).toBe('XMLHttpRequest');
      expect(headers.accept).toBe('application/json, text/plain, */*');
    }
    expect(await page.locator('label[for="userId"]').textContent()).toBe('ID de usuario');
    await context.close();
  });

  it('shows English texts, which its scripts load then, on a page sent without its data', async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    await sendWithoutItsData(page);
    await page.goto(signInUrl('skerrymoor', '&locale=en_US'));
    await page.locator('.portal-signin__submit').waitFor();
    expect(await page.locator('label[for="userId"]').textContent()).toBe('User ID');
    expect(await page.locator('.portal-signin__submit').textContent()).toBe('Sign in');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds the cobrand when cobrandHost names its abbreviation', async () => {
    const { page, context } = await openPage(chromium.browser());
    await page.goto(signInUrl('SKM', '&locale=en_US'));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Sign in to Skerrymoor Bank Commercial Card');
    expect(await page.evaluate(() => sessionStorage.getItem('COBRAND'))).toBe('skerrymoor');
    await context.close();
  });
});

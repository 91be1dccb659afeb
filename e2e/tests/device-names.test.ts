/**
 * The security page names every device in its own language (docs/decisions.md, "Device names in the reader's
 * language"): in Russian and in Japanese its sessions, recent sign-ins and trusted devices word a known browser and
 * system, Android's own browser and an agent that names nothing, with no English word among them.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { baseUrl, expectAccessible, signInThroughForm, skipPasskeyOffer, useChromium } from '../support/browser';

const chromium = useChromium();
const HOME = '**/sdportal/platform/home?cobrandHost=default';
/** Android's own browser, which bowser calls "Android Browser": no product's name, so worded in the language. */
const ANDROID_BROWSER =
  'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30';
/** An agent that names neither browser nor system. */
const NAMELESS = 'Portal-Test/1.0';

/** Signs the user in from a browser of its own that says it is `userAgent`. */
async function signInAs(browser: Browser, userId: string, userAgent: string): Promise<void> {
  const context = await browser.newContext({ userAgent });
  try {
    await skipPasskeyOffer(context);
    const page = await context.newPage();
    await signInThroughForm(page, 'default', userId, PASSWORD);
    await page.waitForURL(HOME);
  } finally {
    await context.close();
  }
}

/** English's words for a device, and bowser's English for a system's own browser. */
const ENGLISH = /\b(on|unknown|browser|device|this)\b/i;

describe('device names on the security page', () => {
  // Per language: Android's browser as a trusted device, and as a session (with the major versions), the nameless
  // agent, and this browser's mark.
  it.each([
    ['ru', 'Браузер Android на Android', 'Браузер Android 4 на Android 4', 'Неизвестное устройство', '(этот браузер)'],
    [
      'ja',
      'Android の Android ブラウザー',
      'Android 4 の Android ブラウザー 4',
      '不明なデバイス',
      '（このブラウザー）',
    ],
  ])('are all in %s', async (locale, android, androidSession, nameless, current) => {
    const userId = addUser(`e2edevicenames${locale}${Date.now()}`, 'default');
    await signInAs(chromium.browser(), userId, ANDROID_BROWSER);
    await signInAs(chromium.browser(), userId, NAMELESS);
    await chromium.withPage(async ({ page }) => {
      await signInThroughForm(page, 'default', userId, PASSWORD);
      await page.waitForURL(HOME);
      await page.goto(`${baseUrl()}/public-portal-ui/security-component?cobrandHost=default&locale=${locale}`);
      const section = (id: string) => page.locator(`section[aria-labelledby="security-${id}"]`);
      // Three trusted devices (loaded by the script), three sessions and three sign-ins.
      await expect.poll(() => section('devices').getByRole('listitem').count()).toBe(3);
      const devices = await section('devices').getByRole('listitem').allInnerTexts();
      expect(
        devices.find((text) => text.startsWith(android)),
        devices.join(' | '),
      ).toBeDefined();
      expect(
        devices.find((text) => text.startsWith(nameless)),
        devices.join(' | '),
      ).toBeDefined();
      expect(
        devices.find((text) => text.includes(current)),
        devices.join(' | '),
      ).toBeDefined();
      const sessions = await section('sessions').getByRole('listitem').allInnerTexts();
      expect(sessions).toHaveLength(3);
      expect(sessions.join(' | ')).toContain(androidSession);
      expect(sessions.join(' | ')).toContain(nameless);
      for (const id of ['devices', 'sessions', 'sign-ins']) {
        const text = await section(id).innerText();
        expect(text.match(ENGLISH), `${locale} ${id}: ${text}`).toBeNull();
      }
      await expectAccessible(page, `security page, device names, ${locale}`);
    });
  });
});

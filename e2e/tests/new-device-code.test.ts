/**
 * New-device verification in Chromium (issue 47), on a portal of its own that asks for the code as a deployment does
 * by default (NEW_DEVICE_VERIFICATION=email) and writes its mail to DATA_DIR/outbox, as `npm start`'s demo does:
 * demopass's right password from a fresh browser lands on the code's screen, which says where the code went; a wrong
 * code is refused with the error summary's focus and wording; the mailed code signs in, and that browser then signs
 * in with the password alone. With the keyboard only, and again with JavaScript off, "Send a new code" included.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Paths } from '@portal/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { PASSWORD } from '../support/admin';
import {
  accessibleAsAnswered,
  expectAccessible,
  signInThroughForm,
  skipPasskeyOffer,
  useChromium,
} from '../support/browser';
import { mailedCodes, nextCode, otherThan } from '../support/outbox';
import { startPortal, type PortalProcess } from '../support/portal-process';

const chromium = useChromium();
const { withPage } = chromium;
const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';
const CODE_SCREEN = /\/public-portal-ui\/device-code-component\?attempt=[0-9a-f-]+&cobrandHost=skerrymoor/;
const TITLE = 'Enter your verification code';
const SENT_TO = 'we sent a verification code to d•••@example.com.';
const WRONG = 'This verification code is not right. Check the email and try again.';

let portal: PortalProcess;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-device-code-'));
  portal = await startPortal({ NEW_DEVICE_VERIFICATION: 'email', SMTP_URL: '' }, dataDir, await freePort());
});
afterAll(() => portal?.stop());

const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.id || active?.className || '';
  });
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());

/** The pages a browser was sent to from now on, by path. */
function pagesOpened(page: Page): string[] {
  const opened: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) opened.push(new URL(request.url()).pathname);
  });
  return opened;
}

/** demopass's right password on skerrymoor's sign-in page, from `page`'s browser. */
const signIn = (page: Page) => signInThroughForm(page, 'skerrymoor', 'demopass', PASSWORD, portal.baseUrl);

/** The code screen as the service or the script put it: the heading, where the code went, the field and the summary. */
async function expectWrongCodeShown(page: Page): Promise<void> {
  const summary = page.locator('.portal-error-summary');
  await summary.waitFor();
  expect(await summary.getByRole('link').allTextContents()).toEqual([`Verification code: ${WRONG}`]);
  expect(await summary.getByRole('link').getAttribute('href')).toBe('#code');
  await expect.poll(() => page.title()).toBe(`Error: ${TITLE}`);
  const field = page.getByLabel('Verification code', { exact: true });
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await field.getAttribute('aria-describedby')).toContain('code-error');
  expect(await page.locator('#code-error').textContent()).toBe(`Error: ${WRONG}`);
  expect(await field.inputValue()).toBe('');
}

describe('a sign-in from a new browser', () => {
  it('asks for the mailed code, keyboard only; then signs in, and the browser signs in again without one', async () => {
    await withPage(async ({ page, context }) => {
      await skipPasskeyOffer(context, portal.baseUrl);
      const seen = mailedCodes(portal.dataDir).length;
      await signIn(page);
      await page.waitForURL(CODE_SCREEN);
      expect(await context.cookies(portal.baseUrl)).not.toContainEqual(
        expect.objectContaining({ name: 'portal-device' }),
      );
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByText(SENT_TO).waitFor();
      const code = await nextCode(portal.dataDir, seen);
      // The cursor starts in the code's field; Tab goes on to Continue, Send a new code, Back to sign in.
      await expect.poll(() => focused(page)).toBe('code');
      await expectAccessible(page, 'the code screen');
      await page.keyboard.type(otherThan(code));
      const stops = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        stops.push(await focusedText(page));
      }
      expect(stops).toEqual(['Continue', 'Send a new code', 'Back to sign in']);

      // A wrong code, sent with Continue: the summary takes focus, its link takes it to the emptied field.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expectWrongCodeShown(page);
      expect(await focused(page)).toContain('portal-error-summary');
      await expectAccessible(page, 'the code screen with a wrong code');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('code');

      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await page.waitForURL(HOME);
      await page.getByText('Signed in as demopass').waitFor();
      await trustedSignIn(page, context, seen + 1);
    });
  });

  it('asks for it without JavaScript too, and mails a new one in place of the first on "Send a new code"', async () => {
    const context = await chromium.browser().newContext({ javaScriptEnabled: false });
    try {
      await skipPasskeyOffer(context, portal.baseUrl);
      const page = await context.newPage();
      const seen = mailedCodes(portal.dataDir).length;
      await signIn(page);
      await page.waitForURL(CODE_SCREEN);
      await page.getByText(SENT_TO).waitFor();
      const first = await nextCode(portal.dataDir, seen);

      const answer = () => page.waitForResponse((r) => r.request().method() === 'POST');
      const shown = page.waitForResponse((r) => r.url().includes('resent=sent'));
      await page.getByRole('button', { name: 'Send a new code' }).click();
      const resent = await shown;
      await page.getByText('We sent a new verification code to d•••@example.com.').waitFor();
      await accessibleAsAnswered(chromium.browser(), resent, 'the code screen after a new code, without the script');
      const second = await nextCode(portal.dataDir, seen + 1);

      // The first code no longer works once a new one is sent (or any other code, should the two be the same).
      const answered = answer();
      await page.getByLabel('Verification code', { exact: true }).fill(first === second ? otherThan(second) : first);
      await page.getByRole('button', { name: 'Continue' }).click();
      const refused = await answered;
      expect(refused.status()).toBe(401);
      await expectWrongCodeShown(page);
      await accessibleAsAnswered(chromium.browser(), refused, 'the code screen with a wrong code, without the script');

      await page.getByLabel('Verification code', { exact: true }).fill(second);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(HOME);
      expect(await context.cookies(portal.baseUrl)).toContainEqual(expect.objectContaining({ name: 'portal-device' }));
      await trustedSignIn(page, context, seen + 2);
    } finally {
      await context.close();
    }
  });
});

/** Signed out, the same browser signs in with the password alone: home, no code screen, no code mailed. */
async function trustedSignIn(page: Page, context: BrowserContext, codesMailed: number): Promise<void> {
  await page.goto(`${portal.baseUrl}${Paths.logout}`);
  expect((await context.cookies(portal.baseUrl)).some((c) => /portal-session$/.test(c.name))).toBe(false);
  const opened = pagesOpened(page);
  await signIn(page);
  await page.waitForURL(HOME);
  expect(opened.filter((path) => path.endsWith('device-code-component'))).toEqual([]);
  expect(mailedCodes(portal.dataDir)).toHaveLength(codesMailed);
}

/**
 * Device trust in Chromium, two browsers (docs/decisions.md, "Device trust"): an attacker's six wrong passwords lock
 * the account for unknown devices, and their right guess then is refused like a wrong one, while the user's own
 * browser stays signed in and still signs in; the user is mailed at the new device and at the lock.
 */
import { Paths } from '@portal/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { expectAccessible, signInThroughForm, useChromium } from '../support/browser';
import { waitForMail } from '../support/mailbox';

const chromium = useChromium();
const { withPage } = chromium;
const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';

/** A refused sign-in as the screen shows it: its error summary's text. */
async function refused(page: Page, userId: string, password: string): Promise<string> {
  await signInThroughForm(page, 'skerrymoor', userId, password);
  const summary = page.locator('.portal-error-summary');
  await summary.waitFor();
  return summary.innerText();
}

describe('device trust', () => {
  it("keeps the user's own browser signing in after an attacker's six wrong passwords lock out other browsers", async () => {
    const userId = addUser(`e2edevice${Date.now()}`);
    await withPage(async ({ page: own, context }) => {
      await signInThroughForm(own, 'skerrymoor', userId, PASSWORD);
      await own.waitForURL(HOME);
      const device = (await context.cookies()).find((cookie) => cookie.name === 'portal-device');
      expect(device?.httpOnly).toBe(true);
      const newDevice = await waitForMail(`${userId}@example.com`, /sign-in from a new device$/);
      expect(newDevice.text).toContain(`User ID ${userId} signed in on`);

      await withPage(async ({ page: attacker }) => {
        const texts: string[] = [];
        for (let i = 0; i < 6; i++) texts.push(await refused(attacker, userId, 'Not-The-Password-1'));
        // The right password from the attacker's browser, now that unknown devices are locked out.
        const rightGuess = await refused(attacker, userId, PASSWORD);
        expect(texts[0]).toContain('Invalid Login');
        expect(new Set([...texts, rightGuess]).size).toBe(1);
        expect(attacker.url()).not.toContain('/sdportal/platform/home');
        await expectAccessible(attacker, 'the sign-in page refusing a right password from a locked-out browser');
      });
      const lock = await waitForMail(`${userId}@example.com`, /sign-in from new browsers is locked$/);
      expect(lock.text).toContain('Browsers and devices you have signed in from before still work');

      // The lock leaves the user's own browser signed in: its session goes on, with no new sign-in.
      expect(await own.evaluate(async (path) => (await fetch(path)).status, Paths.session)).toBe(200);
      // And it signs in there again with the right password.
      await signInThroughForm(own, 'skerrymoor', userId, PASSWORD);
      await own.waitForURL(HOME);
      await expectAccessible(own, 'the signed-in page of a user locked out of other browsers');
    });
  });
});

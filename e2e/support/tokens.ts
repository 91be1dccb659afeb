/** Tokens for the browser tests: assigned with the admin CLI, their codes computed from the seed it prints (RFC 6238). */
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { addUser, portal } from './admin';
import { signInThroughForm } from './browser';

export interface TestToken {
  userId: string;
  /** The code the token shows `offset` 60-second steps from the step it was assigned in. */
  code(offset?: number): string;
}

export function tokenUser(name: string): TestToken {
  const userId = addUser(`${name}${Date.now()}`);
  const secret = /secret=([A-Z2-7]+)/.exec(portal('tokens', 'assign', userId))![1]!;
  // A fixed base: codes stay the same if a minute turns during the test (the service accepts one step either side).
  const base = Math.floor(Date.now() / 60_000);
  return {
    userId,
    code: (offset = 0) => generateSync({ strategy: 'hotp', secret, counter: base + offset, digits: 8 }),
  };
}

/** The token user's first sign-in: their tokencode leads to the new-PIN screen, where they set `pin`; logged out after. */
export async function setFirstPin(page: Page, token: TestToken, pin: string): Promise<void> {
  await signInThroughForm(page, 'skerrymoor', token.userId, token.code());
  await page.waitForURL('**/new-rsa-pin-component?cobrandHost=skerrymoor');
  await page.getByLabel('New PIN', { exact: true }).fill(pin);
  await page.getByLabel('Confirm new PIN', { exact: true }).fill(pin);
  await page.getByLabel('Next passcode').fill(token.code(1));
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/logout-component?cobrandHost=skerrymoor');
}

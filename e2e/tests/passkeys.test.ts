/**
 * Passkeys in Chromium with its virtual authenticator (CDP WebAuthn): the offer after a password sign-in, a passkey
 * made there, and a sign-in with it by the User ID field's autofill in another browser that holds the credential.
 */
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { expectAccessible, openPage, signInThroughForm, signInUrl, useChromium } from '../support/browser';

const chromium = useChromium();

interface Credential {
  credentialId: string;
  isResidentCredential: boolean;
  privateKey: string;
  signCount: number;
  rpId?: string;
  userHandle?: string;
}

/** A platform authenticator with resident keys and user verification, as a phone's or a laptop's. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

const credentialsOf = async ({ cdp, authenticatorId }: Awaited<ReturnType<typeof virtualAuthenticator>>) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as Credential[];

describe('passkeys', () => {
  it('are offered after a password sign-in, made there, and sign in by autofill in another browser that holds it', async () => {
    const userId = addUser(`e2epk${Date.now()}`);
    let copied: Credential[] = [];
    await chromium.withPage(async ({ page }) => {
      const authenticator = await virtualAuthenticator(page);
      await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
      await page.waitForURL(/\/public-portal-ui\/passkey-offer-component\?/);
      const create = page.getByRole('button', { name: 'Create a passkey' });
      await create.waitFor();
      await expect.poll(() => page.title()).toContain('Sign in faster with a passkey');
      await expectAccessible(page, 'the passkey offer');
      // Keyboard only: the create button takes focus by Tab and is pressed by Enter.
      await create.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/sdportal\/platform\/home/);
      copied = await credentialsOf(authenticator);
      expect(copied).toHaveLength(1);
      expect(copied[0]!.isResidentCredential).toBe(true);
    });

    const other = await openPage(chromium.browser());
    try {
      const { page } = other;
      const authenticator = await virtualAuthenticator(page);
      for (const credential of copied)
        await authenticator.cdp.send('WebAuthn.addCredential', {
          authenticatorId: authenticator.authenticatorId,
          credential,
        });
      await page.goto(signInUrl('skerrymoor'));
      // The User ID field offers the passkey as the page loads; the virtual authenticator, present, answers at once.
      await page.waitForURL(/\/sdportal\/platform\/home/);
      // Signed in with the passkey: no offer of another, straight to the platform's home.
      expect(other.problems).toEqual([]);
    } finally {
      await other.context.close();
    }
  });
});

/**
 * Passkeys in Chromium with its virtual authenticator (CDP WebAuthn): the offer after a password sign-in, a passkey
 * made there, and a sign-in with it, by the User ID field's autofill or by the button, in another browser that holds
 * the credential; a removed passkey, a cloned one (disabled for good, shown so on the security page) and a token
 * user's under the cobrand's policy, offered after the next-token step too.
 */
import { PasskeyPaths, Paths } from '@portal/contract';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser } from '../support/admin';
import { baseUrl, expectAccessible, openPage, signInThroughForm, signInUrl, useChromium } from '../support/browser';
import { importCatalogue } from '../support/catalogue';
import { tokenUser } from '../support/tokens';

const chromium = useChromium();
/** A browser that has not skipped the passkey offer. */
const withOffer = (run: Parameters<typeof chromium.withPage>[0]) => chromium.withPage(run, { passkeyOffer: true });

interface Credential {
  credentialId: string;
  isResidentCredential: boolean;
  privateKey: string;
  signCount: number;
  rpId?: string;
  userHandle?: string;
}

interface Authenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

/**
 * A platform authenticator with resident keys and user verification, as a phone's or a laptop's. Not `present`, it
 * answers nothing until told it is (`presence`): the autofill the page starts as it loads stays unanswered.
 */
async function virtualAuthenticator(page: Page, present = true): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: present,
    },
  });
  return { cdp, authenticatorId };
}

const credentialsOf = async ({ cdp, authenticatorId }: Authenticator) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as Credential[];

const presence = ({ cdp, authenticatorId }: Authenticator, enabled: boolean) =>
  cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });

/** Present for one assertion only: the autofill the page starts again after a refusal is then left unanswered. */
async function presentOnce(authenticator: Authenticator): Promise<void> {
  authenticator.cdp.once('WebAuthn.credentialAsserted', () => void presence(authenticator, false));
  await presence(authenticator, true);
}

const home = /\/sdportal\/platform\/home/;
const passkeyButton = (page: Page) => page.getByRole('button', { name: 'Sign in with a passkey', exact: true });

/** Signs in by the form, creates a passkey on the offer page that follows, and gives the page and the credentials. */
async function enrol(page: Page, userId: string, password = PASSWORD): Promise<Credential[]> {
  const authenticator = await virtualAuthenticator(page);
  await signInThroughForm(page, 'skerrymoor', userId, password);
  return createOnOffer(page, authenticator);
}

async function createOnOffer(page: Page, authenticator: Authenticator): Promise<Credential[]> {
  await page.waitForURL(/\/public-portal-ui\/passkey-offer-component\?/);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await page.waitForURL(home);
  return credentialsOf(authenticator);
}

/** Another browser whose authenticator holds the credentials, on the sign-in page; fails on a page error or CSP. */
async function withHolder(
  credentials: Credential[],
  present: boolean,
  run: (page: Page, authenticator: Authenticator) => Promise<void>,
): Promise<void> {
  const other = await openPage(chromium.browser(), undefined, { passkeyOffer: true });
  try {
    const authenticator = await virtualAuthenticator(other.page, present);
    for (const credential of credentials)
      await authenticator.cdp.send('WebAuthn.addCredential', {
        authenticatorId: authenticator.authenticatorId,
        credential,
      });
    await other.page.goto(signInUrl('skerrymoor'));
    await run(other.page, authenticator);
    expect(other.problems).toEqual([]);
  } finally {
    await other.context.close();
  }
}

/** Keyboard only: Tab from the page's start until the element with this id has focus. */
async function tabTo(page: Page, id: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    if ((await page.evaluate(() => document.activeElement?.id)) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached #${id}`);
}

/** Presses the passkey button by the keyboard, with the authenticator present for that one ceremony. */
async function pressButton(page: Page, authenticator: Authenticator): Promise<void> {
  await passkeyButton(page).waitFor();
  await presentOnce(authenticator);
  await tabTo(page, 'passkey-sign-in');
  await page.keyboard.press('Enter');
}

/** The error summary of a passkey the service refused, checked by axe-core. */
async function expectRefused(page: Page, label: string): Promise<void> {
  const summary = page.locator('.portal-error-summary');
  await summary.getByRole('heading', { name: 'Invalid Login' }).waitFor();
  await summary.getByText('That passkey did not sign you in.').waitFor();
  expect(page.url()).toContain('/public-portal-ui/login-signin-component');
  await expectAccessible(page, label);
}

/** Sets the skerrymoor cobrand's passkey policy by importing the catalogue with it changed, as an operator would. */
const setSkerrymoorPasskeys = (policy: 'offered' | 'second-factor') =>
  importCatalogue(['skerrymoor'], (record) => {
    record.cobrand.passkeys = policy;
  });

describe('passkeys', () => {
  it('are offered after a password sign-in, made there, and sign in by autofill in another browser that holds it', async () => {
    const userId = addUser(`e2epk${Date.now()}`);
    let copied: Credential[] = [];
    await withOffer(async ({ page }) => {
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
      await page.waitForURL(home);
      copied = await credentialsOf(authenticator);
      expect(copied).toHaveLength(1);
      expect(copied[0]!.isResidentCredential).toBe(true);
    });

    await withHolder(copied, true, async (page) => {
      // The User ID field offers the passkey as the page loads; the virtual authenticator, present, answers at once.
      // Signed in with the passkey: no offer of another, straight to the platform's home.
      await page.waitForURL(home);
    });
  });

  it('sign in by the button, keyboard only, where the autofill is not answered', async () => {
    let copied: Credential[] = [];
    await withOffer(async ({ page }) => {
      copied = await enrol(page, addUser(`e2epkbutton${Date.now()}`));
    });
    await withHolder(copied, false, async (page, authenticator) => {
      await passkeyButton(page).waitFor();
      await expectAccessible(page, 'the sign-in page with its passkey button');
      await pressButton(page, authenticator);
      await page.waitForURL(home);
    });
  });

  it('are asked for once where the browser ends the autofill at once, not again and again', async () => {
    await chromium.withPage(async ({ page }) => {
      let asked = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/passkeys/sign-in/options')) asked += 1;
      });
      // Opened by its address rather than by the relying party's host name: the browser refuses every ceremony there
      // at once, as it does for a service that cannot answer.
      await page.goto(signInUrl('skerrymoor', '', baseUrl().replace('localhost', '127.0.0.1')));
      await expect.poll(() => asked).toBe(1);
      // Long enough for a page that starts the autofill again on each end to have asked hundreds of times.
      await page.waitForTimeout(1_500);
      expect(asked).toBe(1);
    });
  });

  it('say nothing and take no focus where the browser refuses the autofill at another host name; the service is told once', async () => {
    await chromium.withPage(async ({ page }) => {
      const told: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith(Paths.logErrorStatement)) told.push(request.postData() ?? '');
      });
      // 127.0.0.1 beside the relying party's localhost: the browser ends the autofill with its SecurityError.
      await page.goto(signInUrl('skerrymoor', '', baseUrl().replace('localhost', '127.0.0.1')));
      await expect.poll(() => told.length).toBe(1);
      expect(told[0]).toContain('SecurityError');
      expect(await page.locator('.portal-error-summary').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('userId');
      expect(await page.title()).not.toMatch(/^Error/);
      // No passkey can sign in here, so none is offered by the button either.
      expect(await passkeyButton(page).isVisible()).toBe(false);
      // A password sign-in after it still shows what it should.
      await page.getByLabel('User ID', { exact: true }).fill(`nobody${Date.now()}`);
      await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('.portal-error-summary').getByRole('heading', { name: 'Invalid Login' }).waitFor();
      expect(told).toHaveLength(1);
      await expectAccessible(page, 'the sign-in page at another host name');
    });
  });

  it('are asked for once however many password tries are typed and refused, each shown as Invalid Login', async () => {
    await chromium.withPage(async ({ page }) => {
      let asked = 0;
      page.on('request', (request) => {
        if (request.url().endsWith(PasskeyPaths.signInOptions)) asked += 1;
      });
      await page.goto(signInUrl('skerrymoor'));
      await expect.poll(() => asked).toBe(1);
      const summary = page.locator('.portal-error-summary');
      // More tries, typed key by key as a user types them, than the sign-in's own budget of calls would allow if
      // each keystroke asked for options again.
      for (let attempt = 1; attempt <= 8; attempt += 1) {
        await page.getByLabel('User ID', { exact: true }).fill(`nobody${attempt}x${Date.now()}`);
        await page.getByLabel('Password', { exact: true }).pressSequentially(`Wrong-Password-${attempt}`);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await summary.getByRole('heading', { name: 'Invalid Login' }).waitFor();
        expect(await summary.innerText(), `try ${attempt}`).not.toContain('system error');
        await expect.poll(() => page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      }
      expect(asked).toBe(1);
    });
  });

  it('say "too many tries" with the wait the service asked for, in the user\'s language, never a system error', async () => {
    await chromium.withPage(async ({ page }) => {
      // The service's throttle answer (its 429 and Retry-After are tested against the real throttle in the server's
      // tests): held here for the button's options call and the form's send-login alone.
      const throttled = (seconds: string) => ({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': seconds },
        body: JSON.stringify({ errors: [{ code: 'throttled', message: 'Too many attempts.' }] }),
      });
      await page.goto(signInUrl('skerrymoor', '&locale=es'));
      await page.locator('#passkey-sign-in:not(.portal-toggle--waiting)').waitFor();
      await page.route(`**${PasskeyPaths.signInOptions}`, (route) => route.fulfill(throttled('42')));
      const summary = page.locator('.portal-error-summary');
      await page.locator('#passkey-sign-in').click();
      await summary.getByText('Demasiados intentos. Espere 42 segundos e intente nuevamente.').waitFor();
      expect(await summary.innerText()).not.toContain('sistema');
      await expectAccessible(page, 'the sign-in page after too many passkey tries');

      await page.route(`**${Paths.sendLogin}`, (route) => route.fulfill(throttled('1')));
      await page.getByLabel('ID de usuario', { exact: true }).fill(`nobody${Date.now()}`);
      await page.locator('#password').fill('Wrong-Password-1');
      await page.locator('.portal-signin__submit').click();
      await summary.getByText('Demasiados intentos. Espere 1 segundo e intente nuevamente.').waitFor();
      expect(await summary.innerText()).not.toContain('sistema');
    });
  });

  it('refuse a removed passkey: the error summary says so', async () => {
    let copied: Credential[] = [];
    await withOffer(async ({ page }) => {
      copied = await enrol(page, addUser(`e2epkremoved${Date.now()}`));
      // Removed by the JSON call the security page makes, within five minutes of the sign-in.
      const status = await page.evaluate(async () => {
        const token = /(?:^|; )sec-token=([^;]*)/.exec(document.cookie)?.[1] ?? '';
        const headers = {
          'X-Requested-With': 'XMLHttpRequest',
          Accept: 'application/json',
          'X-XSRF-TOKEN': decodeURIComponent(token),
          'X-CSRF-TOKEN': decodeURIComponent(token),
        };
        const listed = (await (await fetch('/sdportal/rest/passkeys', { headers })).json()) as {
          passkeys: { id: string }[];
        };
        const id = encodeURIComponent(listed.passkeys[0]!.id);
        return (await fetch(`/sdportal/rest/passkeys/${id}`, { method: 'DELETE', headers })).status;
      });
      expect(status).toBe(204);
    });
    await withHolder(copied, false, async (page, authenticator) => {
      await pressButton(page, authenticator);
      await expectRefused(page, 'the sign-in page after a removed passkey');
    });
  });

  it('refuse a cloned credential whose signature counter is behind the one last seen, and then the genuine one', async () => {
    let copied: Credential[] = [];
    const userId = addUser(`e2epkclone${Date.now()}`);
    await withOffer(async ({ page }) => {
      copied = await enrol(page, userId);
    });
    // The original, used many times since the copy was made: its counter is far ahead of the copy's.
    const original = copied.map((credential) => ({ ...credential, signCount: credential.signCount + 100 }));
    let ahead = 0;
    await withHolder(original, true, async (page, authenticator) => {
      await page.waitForURL(home);
      ahead = (await credentialsOf(authenticator))[0]!.signCount;
    });
    // The copy made before that sign-in counts from where the original was then.
    expect(copied[0]!.signCount).toBeLessThan(ahead);
    await withHolder(copied, false, async (page, authenticator) => {
      await pressButton(page, authenticator);
      await expectRefused(page, 'the sign-in page after a cloned passkey');
      expect((await credentialsOf(authenticator))[0]!.signCount).toBeLessThanOrEqual(ahead);
    });
    // Disabled for good: the genuine authenticator, its counter ahead of any seen, signs nobody in either.
    const genuine = copied.map((credential) => ({ ...credential, signCount: ahead + 1 }));
    await withHolder(genuine, false, async (page, authenticator) => {
      await pressButton(page, authenticator);
      await expectRefused(page, 'the sign-in page after a disabled passkey');
    });
    // The security page's passkeys section says so.
    await chromium.withPage(async ({ page }) => {
      await signInThroughForm(page, 'skerrymoor', userId, PASSWORD);
      await page.waitForURL(home);
      await page.goto(`${baseUrl()}/public-portal-ui/security-component?cobrandHost=skerrymoor`);
      await page.getByText('Disabled: a copy of this passkey appears to have been used.').waitFor();
      await expectAccessible(page, 'the security page with a disabled passkey');
    });
  });

  it('are offered to a token user after the next-token step, where the cobrand takes one as the second factor', async () => {
    const token = tokenUser('e2epknext');
    await setSkerrymoorPasskeys('second-factor');
    try {
      await withOffer(async ({ page }) => {
        await virtualAuthenticator(page);
        await signInThroughForm(page, 'skerrymoor', token.userId, token.code(-1));
        await page.waitForURL('**/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
        await page.getByLabel('New PIN', { exact: true }).fill('1357');
        await page.getByLabel('Confirm new PIN', { exact: true }).fill('1357');
        await page.getByLabel('Next passcode').fill(token.code(0));
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
        // A wrong PIN first: the next right try is doubted, and the next-token screen asks for the next code.
        await signInThroughForm(page, 'skerrymoor', token.userId, `9999${token.code(1)}`);
        await page.locator('.portal-error-summary').getByRole('heading', { name: 'Invalid Login' }).waitFor();
        await signInThroughForm(page, 'skerrymoor', token.userId, `1357${token.code(1)}`);
        await page.waitForURL('**/public-portal-ui/next-token-component?authn_attempt_id=**');
        await page.getByLabel('Next passcode').fill(token.code(2));
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(/\/public-portal-ui\/passkey-offer-component\?/);
        await page.getByRole('button', { name: 'Create a passkey' }).waitFor();
        await expectAccessible(page, 'the passkey offer after the next-token step');
      });
    } finally {
      await setSkerrymoorPasskeys('offered');
    }
  });

  it('sign a token user in where the cobrand accepts one as the second factor, and not where it only offers them', async () => {
    const token = tokenUser('e2epktoken');
    await setSkerrymoorPasskeys('second-factor');
    try {
      let copied: Credential[] = [];
      await withOffer(async ({ page }) => {
        const authenticator = await virtualAuthenticator(page);
        await signInThroughForm(page, 'skerrymoor', token.userId, token.code(-1));
        await page.waitForURL('**/public-portal-ui/new-rsa-pin-component?cobrandHost=skerrymoor');
        await page.getByLabel('New PIN', { exact: true }).fill('1357');
        await page.getByLabel('Confirm new PIN', { exact: true }).fill('1357');
        await page.getByLabel('Next passcode').fill(token.code(0));
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL('**/public-portal-ui/logout-component?cobrandHost=skerrymoor');
        await signInThroughForm(page, 'skerrymoor', token.userId, `1357${token.code(1)}`);
        copied = await createOnOffer(page, authenticator);
      });
      await withHolder(copied, true, async (page) => {
        await page.waitForURL(home);
        await page.getByText(`Signed in as ${token.userId}`).waitFor();
      });

      // Where the cobrand only offers passkeys, a token user's passkey alone signs nobody in: PIN + tokencode do.
      await setSkerrymoorPasskeys('offered');
      await withHolder(copied, false, async (page, authenticator) => {
        await pressButton(page, authenticator);
        await expectRefused(page, "the sign-in page after a token user's passkey");
      });
    } finally {
      await setSkerrymoorPasskeys('offered');
    }
  });
});

/**
 * The console's sign-in through the bank's staff identity provider, in Chromium: a real LemonLDAP::NG 2.16 as the
 * bank's provider (server/test/lemonldap.ts), the portal started as `npm start` starts it with STAFF_IDP_FILE holding
 * the record docs/operations.md gives. An operator follows the sign-in page's link, signs in on the provider's own
 * page and is at the desk; a person the portal has no operator for comes back to the sign-in with one message. The
 * page with the link passes axe and fits 320 px in a Latin, a Cyrillic and a CJK language. With ADMIN_ORIGIN a host
 * name, an operator adds a passkey (Chromium's virtual authenticator) and signs in with it instead of the code.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsolePaths } from '@portal/contract/console';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { docsStaffRecord } from '../../server/test/docs-examples';
import { LemonLdap } from '../../server/test/lemonldap';
import { PASSWORD, portalIn } from '../support/admin';
import { expectAccessible, openPage, useChromium } from '../support/browser';
import { consoleAs, consoleUrl, signInToConsole, type ConsolePortal } from '../support/console';
import { pastTheWindow, sidewaysScroll } from '../support/layout';
import { startPortal, type PortalProcess } from '../support/portal-process';
import { virtualAuthenticator } from '../support/steps.mjs';

const chromium = useChromium();
const SECRET = 'help-desk-console-secret-for-browser-tests';
let llng: LemonLdap;
let portal: PortalProcess;
let at: ConsolePortal;

beforeAll(async () => {
  llng = await new LemonLdap().reserve();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-sign-on-'));
  const adminPort = await freePort();
  // A host name, not an address: the console's passkeys need one (a WebAuthn relying party is a domain).
  const adminUrl = `http://localhost:${adminPort}`;
  const record = { ...docsStaffRecord(), issuer: llng.issuer };
  const file = join(dataDir, 'staff-idp.json');
  writeFileSync(file, JSON.stringify(record));
  const client = { clientId: record.clientId, clientSecret: SECRET };
  await llng.start([
    { ...client, redirectUris: [`${adminUrl}${ConsolePaths.signOnReturn}`], postLogoutRedirectUris: [] },
  ]);
  const env = { ADMIN_PORT: String(adminPort), ADMIN_ORIGIN: adminUrl, STAFF_IDP_FILE: file };
  portal = await startPortal({ ...env, [record.clientSecretEnv!]: SECRET }, dataDir, await freePort());
  at = { adminUrl, dataDir };
  portalIn(at, 'operators', 'add', 'rtyler', '--role', 'helpdesk', '--password', PASSWORD);
  portalIn(at, 'operators', 'add', 'msmith', '--role', 'auditor', '--password', PASSWORD);
}, 60_000);

afterAll(async () => {
  await portal?.stop();
  await llng?.stop();
});

/**
 * The problems the portal's pages had: LemonLDAP::NG's login page names stylesheets and scripts that Debian's package
 * serves through Apache, not through the `plackup` the test runs it with; its page works without them.
 */
const ours = (problems: string[]) => problems.filter((problem) => !problem.includes(llng.base));

const LINK = 'Sign in with the bank’s staff sign-in';

/** From the console's sign-in page, through the provider's own login page, as `user` (LemonLDAP::NG's demo users). */
async function signOnAs(page: Page, user: string): Promise<void> {
  await page.goto(consoleUrl('', at));
  await page.getByRole('link', { name: LINK }).click();
  await page.locator('#lform').waitFor();
  await page.locator('#lform input[name=user]').fill(user);
  await page.locator('#lform input[name=password]').fill(user);
  await page.locator('#lform button[type=submit]').click();
}

describe("the console's sign-in at the staff identity provider", () => {
  it('takes an operator through the provider’s page to the desk', async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    await page.goto(consoleUrl('', at));
    await page.getByRole('heading', { name: 'Or use your staff account' }).waitFor();
    await expectAccessible(page, 'the console sign-in with the staff sign-on');

    await signOnAs(page, 'rtyler');
    await page.getByText('Signed in as rtyler (help desk)').waitFor();
    await page.locator('#console-query').waitFor();
    expect(ours(problems)).toEqual([]);
    await context.close();
  });

  it('sends a person the portal has no operator for back to the sign-in, with one message said once', async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    await signOnAs(page, 'dwho');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('did not open the console for you');
    // Said once: the address no longer carries it, and a reload says nothing.
    expect(new URL(page.url()).search).toBe('');
    await expectAccessible(page, 'the console sign-in after a refused sign-on');
    await page.reload();
    await page.getByRole('link', { name: LINK }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(ours(problems)).toEqual([]);
    await context.close();
  });

  it.each([
    ['fr-FR', 'fr'],
    ['ru-RU', 'ru'],
    ['ja-JP', 'ja'],
  ])(
    'in %s at 320 px, offers both in the page’s language, fitting the window and passing axe',
    async (locale, lang) => {
      const { page, context, problems } = await openPage(chromium.browser(), { width: 320, height: 800 }, { locale });
      await page.goto(consoleUrl('', at));
      await page.locator('.console-sign-on a').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.locator('.console-sign-on a').textContent()).not.toBe(LINK);
      const passkey = page.locator('.console-sign-in__buttons button[type=button]');
      expect(await passkey.textContent()).not.toBe('Sign in with a passkey instead of the code');
      const fits = async (label: string, on = page) => {
        expect([label, await sidewaysScroll(on), await pastTheWindow(on)]).toEqual([label, 0, []]);
        await expectAccessible(on, `${label} in ${lang} at 320 px`);
      };
      await fits('the console sign-in');
      await context.close();

      // The operator's own passkeys page, one added.
      const signedIn = await consoleAs(chromium.browser(), 'auditor', { locale, width: 320, at });
      await virtualAuthenticator(signedIn.page);
      await signedIn.page.goto(consoleUrl('?view=passkeys', at));
      await signedIn.page.locator('.console-add').click();
      await signedIn.page.locator('#console-passkeys-heading + ul li').waitFor();
      await fits('the operator’s passkeys', signedIn.page);
      expect([...problems, ...signedIn.problems]).toEqual([]);
      await signedIn.context.close();
    },
  );

  it('lets an operator add a passkey on their own page, and sign in with it and the password instead of the code', async () => {
    const { page, context, problems } = await openPage(chromium.browser());
    await virtualAuthenticator(page);
    await page.goto(consoleUrl('', at));
    await signInToConsole(page, 'msmith', undefined, at);
    await page.getByRole('link', { name: 'Your passkeys' }).click();
    await page.getByRole('heading', { name: 'Your passkeys', level: 1 }).waitFor();
    await expectAccessible(page, 'the operator’s passkeys page, none yet');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('status').filter({ hasText: 'The passkey was added' }).waitFor();
    await expect.poll(() => page.locator('#console-passkeys-heading + ul li').count()).toBe(1);
    await expectAccessible(page, 'the operator’s passkeys page, one added');
    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.getByLabel('Operator name', { exact: true }).fill('msmith');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in with a passkey instead of the code' }).click();
    await page.getByText('Signed in as msmith (auditor)').waitFor();
    await page.getByRole('link', { name: 'Your passkeys' }).click();
    await expect.poll(() => page.locator('#console-passkeys-heading + ul li').textContent()).toContain('last used');
    expect(ours(problems)).toEqual([]);
    await context.close();
  });
});

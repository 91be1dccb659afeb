/**
 * The console's pages for administrators in Chromium (issue 49): an administrator adds an operator, whose password and
 * authenticator key are shown once and sign them in, and removes them; makes an API key, which works at once within
 * what it was given, and revokes it; checks the cobrand catalogue, reads a record and imports it. An administrator
 * limited to one cobrand is told they cannot give every cobrand. The help desk sees none of these pages. Each page
 * passes axe and fits a phone in a Latin, a Cyrillic and a CJK language.
 */
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible, openPage, useChromium } from '../support/browser';
import { consoleAs, consoleUrl } from '../support/console';
import { pastTheWindow, sidewaysScroll } from '../support/layout';

const chromium = useChromium();
const REASON = 'New starter at the help desk, ticket 6001';

/** Confirms the open dialog's change with a reason. */
async function confirm(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The code an authenticator app shows now for the key in an otpauth URI (6 digits every 30 s). */
const codeFor = (uri: string) =>
  generateSync({
    strategy: 'hotp',
    secret: new URL(uri).searchParams.get('secret')!,
    counter: Math.floor(Date.now() / 30_000),
    digits: 6,
  });

describe("the console's pages for administrators", () => {
  it('adds an operator who signs in with what was shown once, then removes them', async () => {
    const { page, context, problems, name: me } = await consoleAs(chromium.browser(), 'admin');
    const nav = page.getByRole('navigation', { name: 'Console sections' });
    for (const section of ['Users', 'Audit trail', 'Operators', 'API keys', 'Cobrands'])
      await nav.getByRole('link', { name: section }).waitFor();
    await nav.getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('heading', { name: 'Operators', level: 1 }).waitFor();
    const operators = page.getByRole('region', { name: /^\d+ operators$/ });
    await operators.getByText(`${me} (you)`).waitFor();
    expect(await page.getByRole('button', { name: `Remove operator “${me}”` }).count()).toBe(0);
    await expectAccessible(page, 'the operators page');

    await page.getByRole('button', { name: 'Add operator' }).click();
    await page.locator('#console-operator-name-error').getByText('Enter the operator’s name.').waitFor();
    const newcomer = `e2e.newcomer.${Date.now()}`;
    await page.getByLabel('Operator name').fill(newcomer);
    await page.getByLabel('Role').selectOption('helpdesk');
    await page.getByLabel('Cobrands', { exact: true }).fill('larchmere');
    await page.getByRole('button', { name: 'Add operator' }).click();
    await page
      .getByRole('dialog', { name: 'Add an operator' })
      .getByText(`Add ${newcomer} as help desk for larchmere?`)
      .waitFor();
    await confirm(page, 'Add an operator');
    const handover = page.getByRole('status');
    await handover.getByText(`${newcomer} is added.`, { exact: false }).waitFor();
    const [password, uri] = await handover.locator('code').allTextContents();
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    await expectAccessible(page, 'the operators page with a new operator’s password shown once');

    // The newcomer signs in with what was handed over, and finds only their cobrand's users.
    const desk = await openPage(chromium.browser());
    await desk.page.goto(consoleUrl());
    await desk.page.getByLabel('Operator name').fill(newcomer);
    await desk.page.getByLabel('Password').fill(password!);
    await desk.page.getByLabel('Code from your authenticator app').fill(codeFor(uri!));
    await desk.page.getByRole('button', { name: 'Sign in' }).click();
    await desk.page.getByText(`Signed in as ${newcomer} (help desk)`).waitFor();
    expect(await desk.page.getByRole('navigation', { name: 'Console sections' }).count()).toBe(0);
    await desk.page.goto(consoleUrl('?view=operators'));
    await desk.page.getByRole('heading', { name: 'Find a user' }).waitFor();
    await desk.context.close();

    await page.getByRole('button', { name: `Remove operator “${newcomer}”` }).click();
    await confirm(page, 'Remove an operator');
    await page.getByText(`The operator ${newcomer} is removed.`).waitFor();
    expect(await operators.getByText(newcomer).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('makes an API key that works at once within what it was given, and revokes it', async () => {
    const { page, context, problems } = await consoleAs(chromium.browser(), 'admin');
    await page.goto(consoleUrl('?view=keys'));
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    const keyName = `e2e-tool-${Date.now()}`;
    await page.getByLabel('Key name').fill(keyName);
    await page.getByRole('button', { name: 'Make key' }).click();
    await page.locator('#console-key-scopes-error').getByText('Choose at least one thing the key may do.').waitFor();
    await page.getByLabel('Read users').check();
    await page.getByLabel('Cobrands', { exact: true }).fill('larchmere');
    await page.getByRole('button', { name: 'Make key' }).click();
    await confirm(page, 'Make an API key');
    await page.getByText(`The API key ${keyName} is made. Copy it now: it is shown this once.`).waitFor();
    const key = await page.getByRole('status').locator('code').textContent();
    await expectAccessible(page, 'the API keys page with a new key shown once');

    const users = (bearer: string) =>
      fetch(`${inject('adminUrl')}/admin/v1/users`, { headers: { authorization: `Bearer ${bearer}` } });
    const listed = (await (await users(key!)).json()) as { users: { cobrand: string }[] };
    expect(listed.users.length).toBeGreaterThan(0);
    expect(listed.users.every((user) => user.cobrand === 'larchmere')).toBe(true);

    await page.getByRole('button', { name: `Revoke API key “${keyName}”` }).click();
    await confirm(page, 'Revoke an API key');
    await page.getByText(`The API key ${keyName} is revoked.`).waitFor();
    expect((await users(key!)).status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('checks the catalogue, shows a record and imports it', async () => {
    const { page, context, problems } = await consoleAs(chromium.browser(), 'admin');
    await page.goto(consoleUrl('?view=cobrands'));
    await page.getByRole('button', { name: 'Check the catalog' }).click();
    await page.getByText(/^The folder holds \d+ cobrands and no problems: it can be imported\.$/).waitFor();
    await page.getByRole('button', { name: 'Show the record of skerrymoor' }).click();
    const record = page.getByRole('region', { name: 'Record of skerrymoor' });
    await expect.poll(() => record.textContent()).toContain('"name": "skerrymoor"');
    await expectAccessible(page, 'the cobrands page with a record shown');
    await page.getByRole('button', { name: 'Import the catalog' }).click();
    await confirm(page, 'Import the catalog');
    await page.getByText('The catalog is imported.').waitFor();
    await page.getByText(/^\d+ cobrands imported\.$/).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('tells an administrator limited to one cobrand that they cannot give every cobrand', async () => {
    const { page, context, problems } = await consoleAs(chromium.browser(), 'admin', { cobrands: ['larchmere'] });
    await page.goto(consoleUrl('?view=operators'));
    await page.getByLabel('Operator name').fill(`e2e.wide.${Date.now()}`);
    await page.getByRole('button', { name: 'Add operator' }).click();
    await confirm(page, 'Add an operator');
    await page
      .getByRole('alert')
      .getByText('You cannot give a role, a permission or a cobrand that you do not have yourself: nothing was done.')
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  describe.each([
    ['en-US', 'en'],
    ['ru-RU', 'ru'],
    ['ja-JP', 'ja'],
  ])('in %s at 320 px', (browserLocale, lang) => {
    it('fits the window and passes axe on the operators, API keys and cobrands pages', async () => {
      const { page, context, problems } = await consoleAs(chromium.browser(), 'admin', {
        locale: browserLocale,
        width: 320,
      });
      for (const view of ['operators', 'keys', 'cobrands']) {
        await page.goto(consoleUrl(`?view=${view}`));
        await page.locator('.console-card .console-subheading').first().waitFor();
        expect([view, await sidewaysScroll(page), await pastTheWindow(page)]).toEqual([view, 0, []]);
        await expectAccessible(page, `the ${view} page in ${lang} at 320 px`);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});

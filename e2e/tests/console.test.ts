/**
 * The help-desk console in Chromium, on the admin listener (issue 49): an operator who has never seen it finds a
 * locked user, reads why they cannot sign in, unlocks them with a reason, and the user signs in; the unlock is in the
 * audit under the operator's name with the reason. Limited operators find no other bank's users, an auditor is offered
 * no change, and the pages pass axe and fit a phone in a Latin, a Cyrillic and a CJK language.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, addUser, portal } from '../support/admin';
import { expectAccessible, openPage, signInUrl, useChromium } from '../support/browser';
import { addOperator, consoleAs, consoleUrl, signInToConsole } from '../support/console';
import { pastTheWindow, sidewaysScroll } from '../support/layout';
import { temporaryPasswordIn, waitForMail } from '../support/mailbox';
import { signInAs } from '../support/steps.mjs';

const chromium = useChromium();
const HOME = '**/sdportal/platform/home?cobrandHost=skerrymoor';

/** Six wrong passwords in a row from a browser of its own: the account locks (MAX_FAILED_LOGINS). */
async function lockOut(userId: string): Promise<void> {
  const { page, context } = await openPage(chromium.browser());
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    await page.goto(signInUrl('skerrymoor'));
    await signInAs(page, userId, `wrong-${attempt}`);
    await page.locator('.portal-error-summary').waitFor();
  }
  await context.close();
}

async function find(page: Page, query: string): Promise<void> {
  await page.locator('#console-query').fill(query);
  await page.locator('form[role=search] button[type=submit]').click();
  await page.locator('.console-results h2').waitFor();
}

const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('the help-desk console', () => {
  it('lets a new operator find a locked user, read why, unlock them with a reason; the user signs in', async () => {
    const userId = addUser(`e2econsole${Date.now()}`);
    await lockOut(userId);
    const { page, context, problems } = await openPage(chromium.browser());
    const name = addOperator('helpdesk');
    await page.goto(consoleUrl());
    await page.getByRole('heading', { name: 'Sign in to the help desk console' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await expectAccessible(page, 'the console sign-in');
    await signInToConsole(page, name);
    await page.getByText(`Signed in as ${name} (help desk)`).waitFor();
    await expectAccessible(page, 'the console search');

    await find(page, userId);
    await expect.poll(() => page.locator('.console-results h2').textContent()).toBe('1 user found');
    await expectAccessible(page, 'the console search results');
    await page.getByRole('link', { name: userId, exact: true }).click();
    await page.getByRole('heading', { name: `User ${userId}` }).waitFor();
    const why = page.getByRole('region', { name: 'Why can’t this user sign in?' });
    await expect
      .poll(() => why.textContent())
      .toMatch(
        /Locked since .+ after 6 failed sign-ins in a row, from 127\.0\.0\.1\. Only browsers the user has not trusted are locked: their trusted browsers still sign in\./,
      );
    // The six refusals, newest first, each with its reason, method and address, from a browser the user does not trust.
    const tries = page.getByRole('region', { name: 'Recent sign-ins' }).getByRole('listitem');
    expect(await tries.count()).toBe(6);
    expect(await tries.first().textContent()).toMatch(
      /^.+ refused: wrong password or code · Password · .+ · 127\.0\.0\.1 · from a new browser$/,
    );
    await expectAccessible(page, 'the user page of a locked user');

    // Unlock from the reason given: a dialog that asks why, and changes nothing without a reason or on Esc.
    await why.getByRole('button', { name: 'Unlock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock' });
    await dialog.waitFor();
    await expectAccessible(page, 'the unlock dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await why.getByRole('button', { name: 'Unlock' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Enter the reason for this change.').waitFor();
    await dialog.getByLabel('Reason').fill('Caller verified by security questions, ticket 4711');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`${userId} is unlocked.`).waitFor();
    expect(await activeText(page)).toBe(`${userId} is unlocked.`);
    await why.getByText('Nothing stands in the way: the user can sign in.').waitFor();
    await expectAccessible(page, 'the user page after the unlock');

    const user = await openPage(chromium.browser());
    await user.page.goto(signInUrl('skerrymoor'));
    await signInAs(user.page, userId, PASSWORD);
    await user.page.waitForURL(HOME);
    await user.context.close();

    const unlocked = portal('audit', 'export', '--user', userId)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { kind: string; actor: string | null; detail: Record<string, unknown> })
      .filter((event) => event.kind === 'account.unlocked');
    expect(unlocked).toEqual([
      expect.objectContaining({
        actor: `operator:${name}`,
        detail: expect.objectContaining({ reason: 'Caller verified by security questions, ticket 4711' }),
      }),
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("forgets a user's trusted browser and ends their session from the console: the browser is signed out", async () => {
    const userId = addUser(`e2econsolesession${Date.now()}`);
    const user = await openPage(chromium.browser());
    await user.page.goto(signInUrl('skerrymoor'));
    await signInAs(user.page, userId, PASSWORD);
    await user.page.waitForURL(HOME);
    const { page, context, problems } = await consoleAs(chromium.browser(), 'helpdesk');
    await page.goto(consoleUrl(`?user=${userId}`));
    const devices = page.getByRole('region', { name: 'Trusted devices' });
    const forget = devices.getByRole('button', { name: /^Forget device “.+ on Linux”$/ });
    await forget.click();
    const forgetting = page.getByRole('dialog', { name: 'Forget a trusted device' });
    await forgetting.getByLabel('Reason').fill('Shared computer at the branch');
    await forgetting.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/^The device “.+ on Linux” of .+ is no longer trusted\.$/).waitFor();
    await devices.getByText('No trusted devices.').waitFor();
    const sessions = page.getByRole('region', { name: 'Live sessions' });
    const end = sessions.getByRole('button', { name: /^End the session started / });
    await end.waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(1);
    await expectAccessible(page, 'the user page with a live session');
    await end.click();
    const dialog = page.getByRole('dialog', { name: 'End a session' });
    await dialog.getByLabel('Reason').fill('User reports a stolen laptop');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/^The session of .+ has ended\.$/).waitFor();
    await sessions.getByText('The user has no live sessions.').waitFor();
    await user.page.reload();
    await user.page.waitForURL(/login-signin-component/);
    await user.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('mails a temporary password from the console: the user signs in with it and chooses a new password', async () => {
    const userId = addUser(`e2econsolemail${Date.now()}`);
    const { page, context, problems } = await consoleAs(chromium.browser(), 'helpdesk');
    await page.goto(consoleUrl(`?user=${userId}`));
    await page
      .getByRole('region', { name: 'Actions' })
      .getByRole('button', { name: 'Mail a temporary password' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mail a temporary password' });
    await dialog.getByLabel('Reason').fill('Caller forgot the password; identity checked');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`A temporary password is on its way to the e-mail address of ${userId}.`).waitFor();
    const why = page.getByRole('region', { name: 'Why can’t this user sign in?' });
    await why.getByText(/^A password-reset mail was sent; its temporary password works until /).waitFor();
    await expectAccessible(page, 'the user page after a temporary password was mailed');
    const temporary = temporaryPasswordIn(await waitForMail(`${userId}@example.com`, /temporary password/));
    const user = await openPage(chromium.browser());
    await user.page.goto(signInUrl('skerrymoor'));
    await signInAs(user.page, userId, temporary);
    await user.page.waitForURL('**/change-password-component?**');
    await user.context.close();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds a user by the start of their name, in any case and without its accents', async () => {
    const stamp = String(Date.now());
    const userId = `e2econsolename${stamp}`;
    addUser(userId, 'skerrymoor', { name: `Zoë Ångström ${stamp}` });
    const { page, context, problems } = await consoleAs(chromium.browser(), 'helpdesk');
    await find(page, `ZOE ANGSTROM ${stamp}`);
    await expect.poll(() => page.locator('.console-results h2').textContent()).toBe('1 user found');
    await page.getByRole('link', { name: userId, exact: true }).click();
    await page.getByRole('heading', { name: `User ${userId}` }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("finds none of another bank's users for an operator limited to one cobrand, by user ID, address or name", async () => {
    const userId = addUser(`e2econsoleother${Date.now()}`);
    portal('users', 'set-name', userId, '--name', `Other Bank ${userId}`);
    const { page, context, problems } = await consoleAs(chromium.browser(), 'helpdesk', { cobrands: ['larchmere'] });
    for (const query of [userId, `${userId}@example.com`, `Other Bank ${userId}`]) {
      await find(page, query);
      await expect
        .poll(() => page.locator('.console-results h2').textContent())
        .toBe(`No user found for “${query}” in your cobrands.`);
    }
    await page.goto(consoleUrl(`?user=${userId}`));
    await page.getByText('This user is not in your cobrands, or no longer exists.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows an auditor why a user cannot sign in and offers no change, searches and exports the trail, signs out', async () => {
    const { page, context, problems, name } = await consoleAs(chromium.browser(), 'auditor');
    await page.goto(consoleUrl('?user=demolocked'));
    const why = page.getByRole('region', { name: 'Why can’t this user sign in?' });
    await expect.poll(() => why.textContent()).toMatch(/^Why can’t this user sign in\?Locked since/);
    expect(await page.getByRole('button').allTextContents()).toEqual(['Sign out']);
    await expectAccessible(page, 'the user page for an auditor');

    // The audit trail: the auditor's own sign-in found by who and what, and the same selection exported as CSV.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit trail' }).click();
    await page.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    await page.getByLabel('Changed by (an operator’s name, or api: and a key’s name)').fill(name);
    await page.getByLabel('Event kind (for example account.unlocked)').fill('operator.signed.in');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: '1 event' }).waitFor();
    expect(await page.locator('.console-list__item').textContent()).toMatch(
      new RegExp(`operator\\.signed\\.in · by operator:${name.replace(/\./g, '\\.')} · from 127\\.0\\.0\\.1`),
    );
    await expectAccessible(page, 'the audit trail for an auditor');
    const csv = await page.request.get(
      new URL((await page.getByRole('link', { name: 'Export as CSV' }).getAttribute('href'))!, consoleUrl()).href,
    );
    expect([csv.status(), csv.headers()['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(2);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out of the console.').waitFor();
    await page.reload();
    await page.locator('#console-name').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  describe.each([
    ['fr-FR', 'fr'],
    ['ru-RU', 'ru'],
    ['ja-JP', 'ja'],
  ])('in %s at 320 px', (browserLocale, lang) => {
    it('fits the window and passes axe, signed out, on the search and on a user page with a dialog open', async () => {
      const { page, context, problems } = await consoleAs(chromium.browser(), 'helpdesk', {
        locale: browserLocale,
        width: 320,
      });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      const fits = async (label: string) => {
        expect([label, await sidewaysScroll(page), await pastTheWindow(page)]).toEqual([label, 0, []]);
        await expectAccessible(page, `${label} in ${lang} at 320 px`);
      };
      await fits('the search');
      await page.goto(consoleUrl('?user=demolocked'));
      await page.locator('.console-why__sentence').first().waitFor();
      await fits('a locked user’s page');
      await page.locator('.console-why button').click();
      await page.locator('dialog.console-dialog').waitFor();
      await fits('the unlock dialog');
      expect(problems).toEqual([]);
      await context.close();
    });
  });
});

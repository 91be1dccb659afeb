/**
 * Four eyes in Chromium (issue 49): one help-desk operator asks to change a user's e-mail address, or to remove every
 * factor a token user signs in with; the change waits, shown to the asker on the user's page and to a second operator
 * on their desk, who approves it; it is made then, in the approver's name. The asker is offered no Approve, only
 * Withdraw; every page passes axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addUser } from '../support/admin';
import { expectAccessible, useChromium } from '../support/browser';
import { consoleAs, consoleUrl } from '../support/console';
import { tokenUser } from '../support/tokens';

const chromium = useChromium();

async function confirm(page: Page, title: string, reason: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('four eyes in the console', () => {
  it("changes a user's e-mail address once a second operator approves it", async () => {
    const userId = addUser(`e2efoureyes${Date.now()}`);
    const asker = await consoleAs(chromium.browser(), 'helpdesk');
    await asker.page.goto(consoleUrl(`?user=${userId}`));
    const actions = asker.page.getByRole('region', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Change the e-mail address' }).click();
    const dialog = asker.page.getByRole('dialog', { name: 'Change the e-mail address' });
    await dialog.getByLabel('Reason').fill('Caller moved to a new mailbox, ticket 8101');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('Enter the new e-mail address.').waitFor();
    await expectAccessible(asker.page, 'the e-mail change dialog with its address missing');
    await dialog.getByLabel('New e-mail address').fill(`${userId}.new@example.com`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await asker.page
      .getByText(`Asked: the e-mail address of ${userId} changes once a second operator approves.`)
      .waitFor();
    const what = `Change the e-mail address of ${userId} to ${userId}.new@example.com`;
    const waiting = asker.page.getByRole('region', { name: 'Waiting for a second operator' });
    await waiting.getByText(what).waitFor();
    await waiting.getByRole('button', { name: `Withdraw: ${what}` }).waitFor();
    expect(await waiting.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    await expectAccessible(asker.page, 'the user page with a change waiting');

    const second = await consoleAs(chromium.browser(), 'helpdesk');
    await second.page.getByRole('heading', { name: /waits? for your approval$/ }).waitFor();
    await second.page.getByRole('link', { name: what }).click();
    await second.page.getByRole('button', { name: `Approve: ${what}` }).click();
    await confirm(second.page, 'Approve a change', 'Identity checked by a call-back');
    await second.page.getByText(`Approved and made: ${what}.`).waitFor();
    const account = second.page.getByRole('region', { name: 'Account' });
    await expect.poll(() => account.textContent()).toContain(`${userId}.new@example.com`);
    expect(await second.page.getByRole('region', { name: 'Waiting for a second operator' }).count()).toBe(0);
    await expectAccessible(second.page, 'the user page after an approval');

    for (const opened of [asker, second]) {
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  });

  it("removes every factor of a token user once approved: the user's methods say password alone", async () => {
    const token = tokenUser('e2efactors');
    const asker = await consoleAs(chromium.browser(), 'helpdesk');
    await asker.page.goto(consoleUrl(`?user=${token.userId}`));
    await asker.page
      .getByRole('region', { name: 'Actions' })
      .getByRole('button', { name: 'Remove every sign-in factor' })
      .click();
    await confirm(asker.page, 'Remove every sign-in factor', 'Lost phone and token, ticket 8102');
    await asker.page
      .getByText(`Asked: every sign-in factor of ${token.userId} is removed once a second operator approves.`)
      .waitFor();

    const second = await consoleAs(chromium.browser(), 'admin');
    await second.page.goto(consoleUrl(`?user=${token.userId}`));
    const what = `Remove every sign-in factor of ${token.userId}`;
    await second.page.getByRole('button', { name: `Approve: ${what}` }).click();
    await confirm(second.page, 'Approve a change', 'Identity checked in the branch');
    await second.page.getByText(`Approved and made: ${what}.`).waitFor();
    const methods = second.page.getByRole('region', { name: 'Sign-in methods' });
    await expect.poll(() => methods.textContent()).not.toContain('Token');
    expect(await second.page.getByRole('region', { name: 'Account' }).textContent()).toContain('Password');

    for (const opened of [asker, second]) {
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  });
});

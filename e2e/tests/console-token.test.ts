/**
 * The help desk's "my token wants a new PIN" in Chromium (issue 49): the console says how a token user signs in, resets
 * the PIN of the portal's own token with a reason, says why the user's next sign-in will ask for a PIN, and the user's
 * next tokencode leads to the new-PIN screen. A user locked out by six wrong passwords reads, in the console, that only
 * new browsers are locked.
 */
import { describe, expect, it } from 'vitest';
import { expectAccessible, signInThroughForm, useChromium } from '../support/browser';
import { consoleAs, consoleUrl } from '../support/console';
import { setFirstPin, tokenUser } from '../support/tokens';

const chromium = useChromium();

describe("the help-desk console and a user's token", () => {
  it("resets the token's PIN with a reason; the user's next sign-in asks for a new PIN", async () => {
    const token = tokenUser('e2econsolepin');
    await chromium.withPage(({ page }) => setFirstPin(page, token, '2580'));

    const { page, context, problems } = await consoleAs(chromium.browser(), 'helpdesk');
    await page.goto(consoleUrl(`?user=${token.userId}`));
    const methods = page.getByRole('region', { name: 'Sign-in methods' });
    await methods.getByText('the portal’s own token', { exact: true }).waitFor();
    await expect.poll(() => methods.textContent()).toContain('Recovery codes left0');
    const why = page.getByRole('region', { name: 'Why can’t this user sign in?' });
    await why.getByText('Nothing stands in the way: the user can sign in.').waitFor();

    await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Reset the token’s PIN' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the token’s PIN' });
    await dialog.getByText(`Reset the token PIN of ${token.userId}?`, { exact: false }).waitFor();
    await dialog.getByLabel('Reason').fill('Caller forgot the PIN; identity checked, ticket 5121');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`The token of ${token.userId} now waits for a new PIN.`).waitFor();
    await why.getByText('The user’s token waits for a new PIN: the next sign-in asks them to set one.').waitFor();
    await methods.getByText('the portal’s own token, waiting for a new PIN', { exact: true }).waitFor();
    // Offered no more: the token already waits.
    expect(await page.getByRole('button', { name: 'Reset the token’s PIN' }).count()).toBe(0);
    await expectAccessible(page, 'the user page of a token user whose PIN was reset');
    expect(problems).toEqual([]);
    await context.close();

    await chromium.withPage(async ({ page: user }) => {
      await signInThroughForm(user, 'skerrymoor', token.userId, token.code(2));
      await user.waitForURL('**/new-rsa-pin-component?cobrandHost=skerrymoor');
    });
  });
});

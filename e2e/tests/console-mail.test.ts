/**
 * "I never got the mail", on a portal whose mail server does not answer: the help desk mails a temporary password from
 * the console, the portal's mail worker fails to send it, and the user's page says so (the mail, since when, how many
 * tries, the mail server's words) with what to check.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { expectAccessible, useChromium } from '../support/browser';
import { consoleAs, consoleUrl, type ConsolePortal } from '../support/console';
import { startPortal, type PortalProcess } from '../support/portal-process';

const chromium = useChromium();
let portal: PortalProcess;
let at: ConsolePortal;
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-console-mail-'));
  const adminPort = await freePort();
  // A port nothing listens on: every try to send is refused.
  const smtp = `smtp://127.0.0.1:${await freePort()}`;
  portal = await startPortal({ ADMIN_PORT: String(adminPort), SMTP_URL: smtp }, dataDir, await freePort());
  at = { adminUrl: `http://127.0.0.1:${adminPort}`, dataDir };
});
afterAll(() => portal?.stop());

describe('a mail the portal could not send', () => {
  it('is on the user’s page in the console, with the mail server’s answer and what to check', async () => {
    const { page, context, problems } = await consoleAs(chromium.browser(), 'helpdesk', { at });
    await page.goto(consoleUrl('?user=demopass', at));
    await page
      .getByRole('region', { name: 'Actions' })
      .getByRole('button', { name: 'Mail a temporary password' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mail a temporary password' });
    await dialog.getByLabel('Reason').fill('Caller locked out of the mailbox? Sending a new one');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('A temporary password is on its way to the e-mail address of demopass.').waitFor();
    const why = page.getByRole('region', { name: 'Why can’t this user sign in?' });
    // The instances' mail worker tries within seconds; the page says what it found when read again.
    await expect
      .poll(
        async () => {
          await page.reload();
          await why.locator('.console-why__sentence').first().waitFor();
          return why.textContent();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toMatch(
        /The mail “.+: your temporary password” of .+ could not be sent yet after \d+ tr(y|ies); the mail server answered: .+/,
      );
    await why.getByText('The portal keeps trying. Check with the user that the e-mail address is right.').waitFor();
    await expectAccessible(page, 'the user page with a mail that could not be sent');
    expect(problems).toEqual([]);
    await context.close();
  });
});

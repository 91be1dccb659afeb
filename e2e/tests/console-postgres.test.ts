/**
 * The help-desk console in Chromium on a portal whose database is PostgreSQL (issue 49: "every role and action end to
 * end, on SQLite and PostgreSQL"): the help desk finds a user locked by six wrong passwords, reads why, unlocks them
 * with a reason, and the user signs in; an administrator adds an operator and makes an API key; an auditor finds the
 * unlock in the trail under the help desk's name. Runs where the tests have a PostgreSQL server (TEST_DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { addUser, PASSWORD } from '../support/admin';
import { expectAccessible, openPage, useChromium } from '../support/browser';
import { consoleAs, consoleUrl, type ConsolePortal } from '../support/console';
import { startPortal, type PortalProcess } from '../support/portal-process';
import { signInAs } from '../support/steps.mjs';

const SERVER = process.env.TEST_DATABASE_URL?.trim();
const chromium = useChromium();
const REASON = 'Caller verified by phone, ticket 7002';
const database = `e2e_console_${randomBytes(4).toString('hex')}`;
let portal: PortalProcess;
let at: ConsolePortal;

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!SERVER) return;
  await onServer(`create database ${database}`);
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-console-pg-'));
  const adminPort = await freePort();
  portal = await startPortal({ ADMIN_PORT: String(adminPort), DATABASE_URL: url.href }, dataDir, await freePort());
  at = { adminUrl: `http://127.0.0.1:${adminPort}`, dataDir, databaseUrl: url.href };
});
afterAll(async () => {
  await portal?.stop();
  if (SERVER) await onServer(`drop database if exists ${database}`);
});

async function signIn(page: Page, userId: string, password: string): Promise<void> {
  await page.goto(`${portal.baseUrl}/sdportal/login.view?cobrandHost=skerrymoor`);
  await signInAs(page, userId, password);
}

async function confirm(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.skipIf(!SERVER)('the help-desk console on PostgreSQL', () => {
  it('lets the help desk unlock a locked user, an administrator add an operator and a key, an auditor read it', async () => {
    const userId = `e2epg${Date.now()}`;
    addUser(userId, 'skerrymoor', { at });
    const user = await openPage(chromium.browser());
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await signIn(user.page, userId, `wrong-${attempt}`);
      await user.page.locator('.portal-error-summary').waitFor();
    }

    const desk = await consoleAs(chromium.browser(), 'helpdesk', { at });
    await desk.page.goto(consoleUrl(`?user=${userId}`, at));
    const why = desk.page.getByRole('region', { name: 'Why can’t this user sign in?' });
    await expect.poll(() => why.textContent()).toMatch(/Locked since .+ after 6 failed sign-ins in a row/);
    await why.getByRole('button', { name: 'Unlock' }).click();
    await confirm(desk.page, 'Unlock');
    await desk.page.getByText(`${userId} is unlocked.`).waitFor();
    await expectAccessible(desk.page, 'the user page after an unlock, on PostgreSQL');
    await signIn(user.page, userId, PASSWORD);
    await user.page.waitForURL('**/sdportal/platform/home?cobrandHost=skerrymoor');

    const admin = await consoleAs(chromium.browser(), 'admin', { at });
    await admin.page.goto(consoleUrl('?view=operators', at));
    await admin.page.getByLabel('Operator name').fill(`e2e.pg.${Date.now()}`);
    await admin.page.getByRole('button', { name: 'Add operator' }).click();
    await confirm(admin.page, 'Add an operator');
    await admin.page.getByRole('status').locator('code').first().waitFor();
    await admin.page.goto(consoleUrl('?view=keys', at));
    await admin.page.getByLabel('Key name').fill(`e2e-pg-${Date.now()}`);
    await admin.page.getByLabel('Read users').check();
    await admin.page.getByRole('button', { name: 'Make key' }).click();
    await confirm(admin.page, 'Make an API key');
    const key = await admin.page.getByRole('status').locator('code').textContent();
    const users = await fetch(`${at.adminUrl}/admin/v1/users/${userId}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await users.json()).toMatchObject({ userId, status: 'active' });

    const auditor = await consoleAs(chromium.browser(), 'auditor', { at });
    await auditor.page.goto(consoleUrl('?view=audit', at));
    await auditor.page.getByLabel('Event kind (for example account.unlocked)').fill('account.unlocked');
    await auditor.page.getByRole('button', { name: 'Search' }).click();
    const event = auditor.page.locator('.console-list__item').first();
    await expect.poll(() => event.textContent()).toContain(`by operator:${desk.name}`);
    expect(await event.textContent()).toContain(REASON);

    for (const opened of [user, desk, admin, auditor]) {
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  });
});

/** The help-desk console in the browser tests: operators made as `operators add` makes them, signed in as staff do. */
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { PASSWORD, portalIn } from './admin';
import { openPage, type TrackedPage } from './browser';

/** A portal with an admin listener: the browser tests' first one unless a test starts its own. */
export interface ConsolePortal {
  adminUrl: string;
  dataDir: string;
  /** Its PostgreSQL database; its embedded one when not given. */
  databaseUrl?: string;
}
const shared = (): ConsolePortal => ({ adminUrl: inject('adminUrl'), dataDir: inject('dataDir') });

export const consoleUrl = (query = '', at = shared()): string => `${at.adminUrl}/console/${query}`;

/**
 * A new operator of the role (limited to `cobrands` if given): each test its own, since a code the authenticator app
 * shows opens one sign-in only.
 */
export function addOperator(role: 'helpdesk' | 'admin' | 'auditor', cobrands: string[] = [], at = shared()): string {
  const name = `e2e.${role}.${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const limits = cobrands.flatMap((c) => ['--cobrand', c]);
  portalIn(at, 'operators', 'add', name, '--role', role, '--password', PASSWORD, ...limits);
  return name;
}

/** The code the operator's authenticator app shows now (the portal is in demo mode). */
const codeOf = (name: string, at: ConsolePortal) => portalIn(at, 'operators', 'code', name).trim();

/** Fills the console's sign-in as the operator, with the code their app shows now. */
export async function signInToConsole(page: Page, name: string, labels = ENGLISH, at = shared()): Promise<void> {
  await page.getByLabel(labels.name, { exact: true }).fill(name);
  await page.getByLabel(labels.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(labels.code, { exact: true }).fill(codeOf(name, at));
  await page.getByRole('button', { name: labels.signIn, exact: true }).click();
}

const ENGLISH = {
  name: 'Operator name',
  password: 'Password',
  code: 'Code from your authenticator app',
  signIn: 'Sign in',
};

/** A new operator of the role, signed in to the console in a browser of its own (its language and width given). */
export async function consoleAs(
  browser: Browser,
  role: 'helpdesk' | 'admin' | 'auditor',
  options: { cobrands?: string[]; locale?: string; width?: number; at?: ConsolePortal } = {},
): Promise<TrackedPage & { name: string }> {
  const { cobrands = [], locale, width, at = shared() } = options;
  const tracked = await openPage(browser, width ? { width, height: 800 } : undefined, { locale });
  const name = addOperator(role, cobrands, at);
  await tracked.page.goto(consoleUrl('', at));
  await tracked.page.locator('#console-name').waitFor();
  await tracked.page.locator('#console-name').fill(name);
  await tracked.page.locator('#console-password').fill(PASSWORD);
  await tracked.page.locator('#console-code').fill(codeOf(name, at));
  await tracked.page.locator('form button[type=submit]').click();
  await tracked.page.locator('#console-query').waitFor();
  return { ...tracked, name };
}

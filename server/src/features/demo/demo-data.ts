/** The fixed demo data `npm start` creates on an empty database, so anyone can try the portal. */
import type { AccountStatus, PasswordState } from '../../accounts/account.table.js';
import type { AccountStore } from '../../accounts/account-store.js';
import { createAccount } from '../../accounts/create-account.js';

export const DEMO_PASSWORD = 'Portal-Demo-2026';
export const DEMO_QUESTION = 'What was the name of your first pet?';
export const DEMO_ANSWER = 'harbor';

export interface DemoUser {
  userId: string;
  cobrand: string;
  status: AccountStatus;
  passwordState: PasswordState;
  note: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { userId: 'demopass', cobrand: 'skerrymoor', status: 'active', passwordState: 'current', note: 'active: signs in to the platform page' },
  { userId: 'demoexpired', cobrand: 'skerrymoor', status: 'active', passwordState: 'expired', note: 'password expired: sign-in leads to change password' },
  { userId: 'demolocked', cobrand: 'skerrymoor', status: 'locked', passwordState: 'current', note: 'locked: sign-in is refused' },
  { userId: 'demoinactive', cobrand: 'larchmere', status: 'inactive', passwordState: 'current', note: 'inactive: sign-in is refused' },
];

/** Creates the demo users when the database has no account at all; answers whether it did. */
export async function seedDemoUsers(accounts: AccountStore, identityKey: Buffer, now: number): Promise<boolean> {
  if ((await accounts.count()) > 0) return false;
  for (const user of DEMO_USERS) {
    await createAccount(accounts, identityKey, {
      userId: user.userId,
      email: `${user.userId}@example.com`,
      cobrand: user.cobrand,
      password: DEMO_PASSWORD,
      status: user.status,
      passwordState: user.passwordState,
      securityQuestion: DEMO_QUESTION,
      securityAnswer: DEMO_ANSWER,
      signedInBefore: true,
    }, now);
  }
  return true;
}

export function demoBanner(origin: string): string {
  const signIn = (cobrand: string) => `${origin}/public-portal-ui/login-signin-component?cobrandHost=${cobrand}`;
  const width = Math.max(...DEMO_USERS.map((u) => u.userId.length)) + 2;
  return [
    '',
    'Cobrand sign-in portal is ready.',
    `  Sign in:            ${signIn('skerrymoor')}`,
    `  Other cobrands:     ${signIn('larchmere')}`,
    `                      ${signIn('veltmoor')}  (single sign-on: redirects at once)`,
    `                      ${origin}/public-portal-ui/login-signin-component  (default brand)`,
    '',
    `Demo users (password ${DEMO_PASSWORD}; security question "${DEMO_QUESTION}", answer "${DEMO_ANSWER}"):`,
    ...DEMO_USERS.map((u) => `  ${u.userId.padEnd(width)}${u.cobrand.padEnd(13)}${u.note}`),
    '',
  ].join('\n');
}

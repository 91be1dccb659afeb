/** The fixed demo data `npm start` creates on an empty database, so anyone can try the portal. */
import { join } from 'node:path';
import { type AccountStatus, type AccountStore, createAccount, type PasswordState } from './account/index.js';
import { hashSecret } from './security/passwords.js';
import type { PortalKeys } from './security/portal-secret.js';
import type { SsoStore } from './sso/index.js';
import { assignToken, pinHmac, type TokenStore, tokenUri } from './token/index.js';

export const DEMO_PASSWORD = 'Portal-Demo-2026';
export const DEMO_QUESTION = 'What was the name of your first pet?';
export const DEMO_ANSWER = 'harbor';

export const DEMO_TOKEN_PIN = '2468';

/**
 * The demo's users share one published password and one answer: each is hashed once a process and the hash shared
 * (a salt of its own protects a published secret from nothing), where each user's own would cost two argon2id hashes
 * at every seeding, and every test app seeds them.
 */
const sharedHashes = new Map<string, Promise<string>>();
function hashedOnce(secret: string): Promise<string> {
  let hashed = sharedHashes.get(secret);
  if (!hashed) {
    hashed = hashSecret(secret);
    sharedHashes.set(secret, hashed);
    hashed.catch(() => sharedHashes.delete(secret));
  }
  return hashed;
}

export interface DemoUser {
  userId: string;
  cobrand: string;
  status: AccountStatus;
  passwordState: PasswordState;
  note: string;
  /** A token user: `pin` for one with a PIN, `new-pin` for one in new-PIN mode. */
  token?: 'pin' | 'new-pin';
  /** Signs in at the cobrand's demo identity provider, as the same name there (scripts/demo-idp/demo.mjs). */
  sso?: true;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    userId: 'demopass',
    cobrand: 'skerrymoor',
    status: 'active',
    passwordState: 'current',
    note: 'active: signs in to the platform page',
  },
  {
    userId: 'demoexpired',
    cobrand: 'skerrymoor',
    status: 'active',
    passwordState: 'expired',
    note: 'password expired: sign-in leads to change password',
  },
  {
    userId: 'demolocked',
    cobrand: 'skerrymoor',
    status: 'locked',
    passwordState: 'current',
    note: 'locked: sign-in is refused',
  },
  {
    userId: 'demoinactive',
    cobrand: 'larchmere',
    status: 'inactive',
    passwordState: 'current',
    note: 'inactive: sign-in is refused',
  },
  {
    userId: 'demotoken',
    cobrand: 'skerrymoor',
    status: 'active',
    passwordState: 'current',
    token: 'pin',
    note: `token user: PIN ${DEMO_TOKEN_PIN} + tokencode`,
  },
  {
    userId: 'demonewpin',
    cobrand: 'skerrymoor',
    status: 'active',
    passwordState: 'current',
    token: 'new-pin',
    note: 'token user in new-PIN mode: tokencode alone',
  },
  ...(
    [
      ['demosso', 'veltmoor', 'OpenID Connect'],
      ['demoamber', 'amberlode', 'OpenID Connect'],
      ['demosaml', 'kestrelmark', 'SAML 2.0'],
    ] as const
  ).map(([userId, cobrand, protocol]) => ({
    userId,
    cobrand,
    status: 'active' as const,
    passwordState: 'current' as const,
    sso: true as const,
    note: `single sign-on (${protocol}): signs in at the demo provider's page`,
  })),
  {
    userId: 'demossotoken',
    cobrand: 'veltmoor',
    status: 'active',
    passwordState: 'current',
    sso: true,
    token: 'pin',
    note: `single sign-on, then PIN ${DEMO_TOKEN_PIN} + tokencode`,
  },
];

/** A unique key taken: PostgreSQL's 23505, SQLite's constraint codes. */
const isDuplicate = (error: unknown) =>
  /^(23505|SQLITE_CONSTRAINT_UNIQUE|SQLITE_CONSTRAINT_PRIMARYKEY)$/.test(String((error as { code?: unknown }).code));

/** Creates the demo users when the database has no account at all; answers whether it did. */
export async function seedDemoUsers(
  accounts: AccountStore,
  tokens: TokenStore,
  keys: PortalKeys,
  now: number,
  links: SsoStore,
): Promise<boolean> {
  if ((await accounts.count()) > 0) return false;
  for (const user of DEMO_USERS) {
    const created = await createAccount(
      accounts,
      keys.userIdentity,
      {
        userId: user.userId,
        email: `${user.userId}@example.com`,
        cobrand: user.cobrand,
        password: DEMO_PASSWORD,
        status: user.status,
        passwordState: user.passwordState,
        securityQuestion: DEMO_QUESTION,
        securityAnswer: DEMO_ANSWER,
        signedInBefore: true,
        hash: hashedOnce,
      },
      now,
    ).then(
      () => true,
      (error: unknown) => {
        if (isDuplicate(error)) return false;
        throw error;
      },
    );
    // Another instance starting at the same moment made this user first, and goes on to make the rest.
    if (!created) return false;
    const account = (await accounts.findByUserId(user.userId))!;
    if (user.sso) await links.link(user.cobrand, user.userId, account.id, now);
    if (!user.token) continue;
    await assignToken(tokens, keys.seal, account, 'Card and Expense Platform', now);
    if (user.token === 'pin')
      await tokens.setPin(account.id, pinHmac(keys.pin, account.id, DEMO_TOKEN_PIN), now, async () => undefined);
  }
  return true;
}

/** The demo token users' otpauth URIs, read back at every start so the banner can show them. */
export async function demoTokenUris(
  accounts: AccountStore,
  tokens: TokenStore,
  sealKey: Buffer,
): Promise<{ userId: string; uri: string }[]> {
  const found = [];
  for (const user of DEMO_USERS.filter((u) => u.token)) {
    const account = await accounts.findByUserId(user.userId);
    const uri = account && (await tokenUri(tokens, sealKey, account, 'Card and Expense Platform'));
    if (uri) found.push({ userId: user.userId, uri });
  }
  return found;
}

/**
 * What `npm start` prints once the demo is ready. `asksForCode`: new-device verification is on (its default), so a
 * password user's first sign-in from a browser waits for the code written to the mail folder, which the banner says.
 */
export function demoBanner(
  origin: string,
  version: string,
  tokenUris: { userId: string; uri: string }[] = [],
  dataDir = 'DATA_DIR',
  asksForCode = false,
): string {
  const signIn = (cobrand: string) => `${origin}/public-portal-ui/login-signin-component?cobrandHost=${cobrand}`;
  const width = 'demonoaccount'.length + 2;
  return [
    '',
    `Cobrand sign-in portal ${version} is ready.`,
    `  Sign in:            ${signIn('skerrymoor')}`,
    `  Other cobrands:     ${signIn('larchmere')}`,
    `                      ${signIn('veltmoor')}  (single sign-on: goes to its identity provider)`,
    `                      ${origin}/public-portal-ui/login-signin-component  (default brand)`,
    '',
    `Demo users (password ${DEMO_PASSWORD}; security question "${DEMO_QUESTION}", answer "${DEMO_ANSWER}"):`,
    ...DEMO_USERS.map((u) => `  ${u.userId.padEnd(width)}${u.cobrand.padEnd(13)}${u.note}`),
    `  ${'demonoaccount'.padEnd(width)}${'veltmoor'.padEnd(13)}known to the demo providers only: ends on the page that says the portal has no account`,
    '',
    `Mail (temporary passwords, notices): written as .eml files to ${join(dataDir, 'outbox')} (SMTP_URL sends it instead)`,
    ...(asksForCode
      ? [
          `Sign-in from a new browser (password users): asks for the 6-digit code mailed to ${join(dataDir, 'outbox')} (NEW_DEVICE_VERIFICATION=off: no code)`,
        ]
      : []),
    '',
    ...(tokenUris.length
      ? [
          'Demo tokens (8-digit codes every 60 s: load a URI into an authenticator app, or `npm run portal -- tokens code <user>`):',
          ...tokenUris.map((t) => `  ${t.userId.padEnd(width)}${t.uri}`),
          '',
        ]
      : []),
  ].join('\n');
}

/**
 * What the help desk reads a user by, and the mail it sends them (the admin API): why they cannot sign in, their last
 * sign-in tries, and a temporary password by mail: the forgotten-password page's own mail, sent to the address the
 * account holds in the language the user last signed in in. The operator never sees that password, and the user's own
 * keeps working; only an active password user can use one, so anyone else is refused (409) and nothing is sent.
 */
import type { AccountRow } from './account/index.js';
import type { SignInMethods, UserOperations } from './admin/index.js';
import type { Clock } from './clock.js';
import type { AuditLog } from './db/audit-log.js';
import type { MailingDeps } from './mail/index.js';
import { mailTemporaryPassword } from './password/index.js';
import { type OperatorScope, Refusal } from './refusal.js';
import { signInProblems, signInTries } from './sign-in-problems.js';
import type { storesOf } from './stores.js';

export interface HelpDeskParts {
  find: (scope: OperatorScope, userId: string) => Promise<AccountRow>;
  stores: ReturnType<typeof storesOf>;
  audit: AuditLog;
  clock: Clock;
  mailing: () => MailingDeps;
  temporaryPasswordKey: Buffer;
  temporaryPasswordMinutes: number;
  /** Whether the cobrand's users sign in at the bank's identity provider only. */
  signsInAtProvider: (cobrand: string) => Promise<boolean>;
}

type HelpDeskOperations = Pick<
  UserOperations,
  'signInProblems' | 'signIns' | 'signInMethods' | 'mailTemporaryPassword'
>;

export function helpDeskOperations(parts: HelpDeskParts): HelpDeskOperations {
  const { find, stores, audit, clock } = parts;
  return {
    signInProblems: async (scope, userId) =>
      signInProblems(await find(scope, userId), {
        now: clock(),
        pendingReset: (accountId) => stores.passwords.findTemporary(accountId, clock()),
        tokenInNewPinMode: (accountId) => stores.tokens.inNewPinMode(accountId),
        recentTries: (accountId) => audit.recentSignIns(accountId),
        undeliveredMail: (email) => stores.outbox.undelivered(email),
        expiredBecause: async (accountId) => {
          const reason = (await audit.latestDetail(accountId, 'account.password.expired'))?.reason;
          return typeof reason === 'string' ? reason : null;
        },
        lockedDevices: async (accountId) =>
          (await stores.devices.list(accountId)).filter((device) => device.locked_at !== null).length,
        ssoLinks: async (account) =>
          (await parts.signsInAtProvider(account.cobrand)) ? (await stores.sso.linksOf(account.id)).length : null,
      }),
    signInMethods: async (scope, userId) => signInMethods(parts, await find(scope, userId)),
    signIns: async (scope, userId) => signInTries(await audit.recentSignIns((await find(scope, userId)).id)),
    mailTemporaryPassword: async (scope, userId, origin) => {
      const account = await find(scope, userId);
      if (account.status !== 'active' || account.deleted_at !== null || account.login_type !== 'password')
        throw new Refusal('conflict', 'only an active user who signs in with a password can be mailed one');
      const deps = { ...parts.mailing(), ...parts, passwords: stores.passwords };
      const locale = (await stores.devices.lastLocale(account.id)) ?? undefined;
      const expiresAt = await mailTemporaryPassword(deps, account, { locale, now: clock(), origin });
      return { userId: account.user_id, expiresAt: new Date(Number(expiresAt)).toISOString() };
    },
  };
}

/** How the user signs in, for the help desk's "which of their ways in is in the way". */
async function signInMethods(
  { stores, signsInAtProvider }: HelpDeskParts,
  account: AccountRow,
): Promise<SignInMethods> {
  const newPin = account.login_type === 'token' ? await stores.tokens.inNewPinMode(account.id) : null;
  const passkeys = await stores.passkeys.ofAccount(account.id);
  const sso = await signsInAtProvider(account.cobrand);
  return {
    userId: account.user_id,
    loginType: account.login_type,
    // A token user without a token of the portal's has theirs at the bank's token server.
    token: account.login_type === 'token' ? { heldBy: newPin === null ? 'server' : 'portal', newPin } : null,
    passkeys: passkeys.filter((passkey) => passkey.disabled_at === null).length,
    recoveryCodesLeft: await stores.recoveryCodes.left(account.id),
    singleSignOn: sso ? { subjects: (await stores.sso.linksOf(account.id)).map((link) => link.subject) } : null,
  };
}

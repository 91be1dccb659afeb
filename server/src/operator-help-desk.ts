/**
 * What the help desk reads a user by, and the mail it sends them (the admin API): why they cannot sign in, their last
 * sign-in tries, and a temporary password by mail: the forgotten-password page's own mail, sent to the address the
 * account holds in the language the user last signed in in. The operator never sees that password, and the user's own
 * keeps working; only an active password user can use one, so anyone else is refused (409) and nothing is sent.
 */
import type { AccountRow } from './account/index.js';
import type { UserOperations } from './admin/index.js';
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
}

type HelpDeskOperations = Pick<UserOperations, 'signInProblems' | 'signIns' | 'mailTemporaryPassword'>;

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
      }),
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

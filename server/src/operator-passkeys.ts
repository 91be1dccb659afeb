/**
 * A user's passkeys for the operator (the admin API): the passkey capability's own service, the one the user's
 * security page calls, so an operator's removal is audited and mailed to the user as the user's own is.
 */
import type { AccountRow } from './account/index.js';
import type { CobrandDirectory } from './cobrand/index.js';
import type { PasskeyOperations } from './admin/index.js';
import type { DeviceStore } from './device/index.js';
import type { MailingDeps } from './mail/index.js';
import { PasskeyService, relyingPartyOf } from './passkey/index.js';
import { type OperatorScope, Refusal } from './refusal.js';
import { storesOf } from './stores.js';
import type { PortalDatabase } from './db/database.js';

export interface OperatorPasskeyParts {
  database: PortalDatabase;
  directory: CobrandDirectory;
  devices: DeviceStore;
  find: (scope: OperatorScope, userId: string) => Promise<AccountRow>;
  /** The portal's public origin: the relying party the passkeys were made for. */
  publicOrigin: string;
  mailing: () => MailingDeps;
}

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

export function passkeyOperations(parts: OperatorPasskeyParts): PasskeyOperations {
  const { database, find } = parts;
  let made: PasskeyService | undefined;
  // Made at the first call: the command line, which has no passkey command, never reads the texts for it.
  const service = () =>
    (made ??= new PasskeyService({
      ...parts.mailing(),
      cobrands: parts.directory,
      accounts: storesOf(database).accounts,
      store: storesOf(database).passkeys,
      relyingParty: relyingPartyOf(parts.publicOrigin),
    }));
  return {
    list: async (scope, userId) =>
      (await service().list(await find(scope, userId))).map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: iso(row.created_at)!,
        lastUsedAt: iso(row.last_used_at),
        backedUp: Number(row.backed_up) === 1,
      })),
    remove: async (scope, userId, passkeyId, origin) => {
      const account = await find(scope, userId);
      // The mail in the language the user last signed in in, as the device notices write theirs.
      const locale = await parts.devices.lastLocale(account.id);
      if (!(await service().removeOne(account, passkeyId, locale, origin)))
        throw new Refusal('not-found', `no passkey "${passkeyId}"`);
    },
  };
}

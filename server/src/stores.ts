/**
 * The portal's stores, made once per database: the service (app.ts), the operator's services (operator.ts, for the
 * command line and the admin API), the start (bootstrap.ts, main.ts) and the command line share one set instead of
 * each making its own. A store holds no state but its prepared statements, so one set serves every caller.
 */
import { AccountStore, ImportClasses, PasswordStore } from './account/index.js';
import { CobrandStore } from './cobrand/index.js';
import type { PortalDatabase } from './db/database.js';
import { DeviceStore } from './device/index.js';
import { OutboxStore } from './mail/index.js';
import { PasskeyStore } from './passkey/index.js';
import { RecoveryCodeStore } from './recovery-code/index.js';
import { DeviceCodeStore } from './device-code/index.js';
import { SessionStore } from './session/index.js';
import { SsoStore } from './sso/index.js';
import { ApprovalStore, StaffStore } from './staff/index.js';
import { TokenStore } from './token/index.js';

function makeStores({ db, dialect }: PortalDatabase) {
  return {
    accounts: new AccountStore(db),
    passwords: new PasswordStore(db),
    importClasses: new ImportClasses(db),
    cobrands: new CobrandStore(db),
    sessions: new SessionStore(db),
    devices: new DeviceStore(db),
    tokens: new TokenStore(db),
    passkeys: new PasskeyStore(db),
    recoveryCodes: new RecoveryCodeStore(db),
    deviceCodes: new DeviceCodeStore(db),
    sso: new SsoStore(db),
    staff: new StaffStore(db),
    approvals: new ApprovalStore(db),
    outbox: new OutboxStore(db, dialect),
  };
}

export type Stores = ReturnType<typeof makeStores>;
const made = new WeakMap<PortalDatabase, Stores>();

/** The stores of `database`, made at the first call. */
export function storesOf(database: PortalDatabase): Stores {
  let stores = made.get(database);
  if (!stores) made.set(database, (stores = makeStores(database)));
  return stores;
}

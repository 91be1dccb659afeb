/**
 * The help desk's operators (staff/) composed once, for the command line, the admin listener and the demo's start: an
 * operator's name keeps the rules of a user ID (account/), and a cobrand they are limited to is one the catalogue holds.
 */
import { userIdOf, userIdSkeleton } from './account/index.js';
import type { Clock } from './clock.js';
import type { AuditLog } from './db/audit-log.js';
import type { PortalDatabase } from './db/database.js';
import type { PortalKeys } from './security/portal-secret.js';
import { ConsoleSessions, consoleRelyingParty, OperatorPasskeys, StaffAdmin, type StaffDeps } from './staff/index.js';
import { storesOf } from './stores.js';

/**
 * `adminOrigin`: where operators' browsers reach the console (ADMIN_ORIGIN); where it names a host, operators may add
 * passkeys and sign in with one instead of the code.
 */
export function staffServices(
  database: PortalDatabase,
  keys: PortalKeys,
  clock: Clock,
  audit: AuditLog,
  adminOrigin?: string,
) {
  const stores = storesOf(database);
  const rp = adminOrigin ? consoleRelyingParty(adminOrigin) : null;
  const passkeys = rp ? new OperatorPasskeys({ db: database.db, audit, clock, rp }) : undefined;
  const deps: StaffDeps = {
    db: database.db,
    store: stores.staff,
    audit,
    sealKey: keys.operatorSeal,
    clock,
    names: { normalise: userIdOf, skeleton: userIdSkeleton },
    cobrandExists: async (name) => (await stores.cobrands.find(name)) !== null,
    ...(passkeys ? { passkeys } : {}),
  };
  return { admin: new StaffAdmin(deps), sessions: new ConsoleSessions(deps), passkeys };
}

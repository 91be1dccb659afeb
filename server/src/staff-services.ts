/**
 * The help desk's operators (staff/) composed once, for the command line, the admin listener and the demo's start: an
 * operator's name keeps the rules of a user ID (account/), and a cobrand they are limited to is one the catalogue holds.
 */
import { userIdOf, userIdSkeleton } from './account/index.js';
import type { Clock } from './clock.js';
import type { AuditLog } from './db/audit-log.js';
import type { PortalDatabase } from './db/database.js';
import type { PortalKeys } from './security/portal-secret.js';
import { ConsoleSessions, StaffAdmin, type StaffDeps } from './staff/index.js';
import { storesOf } from './stores.js';

export function staffServices(database: PortalDatabase, keys: PortalKeys, clock: Clock, audit: AuditLog) {
  const stores = storesOf(database);
  const deps: StaffDeps = {
    db: database.db,
    store: stores.staff,
    audit,
    sealKey: keys.operatorSeal,
    clock,
    names: { normalise: userIdOf, skeleton: userIdSkeleton },
    cobrandExists: async (name) => (await stores.cobrands.find(name)) !== null,
  };
  return { admin: new StaffAdmin(deps), sessions: new ConsoleSessions(deps) };
}

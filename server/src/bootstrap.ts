/**
 * What every start does before serving: migrate, make sure the catalogue is loaded, and (demo) seed the demo users and
 * operators.
 */
import { fillNameKeys, fillUserIdSkeletons, type UncheckedHash } from './account/index.js';
import { announceCatalogueChange, type CobrandDirectory, readCatalogue } from './cobrand/index.js';
import type { Transaction } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/tables.js';
import { migrateToLatest, type PortalDatabase } from './db/database.js';
import { AuditLog } from './db/audit-log.js';
import { seedDemoOperators } from './demo-operators.js';
import { siemForwarder } from './siem/index.js';
import { demoTokenUris, seedDemoUsers } from './demo-users.js';
import { CATALOGUE_DIR } from './paths.js';
import { deriveKeys, loadPortalSecret } from './security/portal-secret.js';
import { staffServices } from './staff-services.js';
import { storesOf } from './stores.js';

export interface ImportOptions {
  now?: number;
  /** This process's cobrand cache, emptied once the import has landed; other instances are told by NOTIFY. */
  directory?: CobrandDirectory;
  /** What must commit with the import (its audit event), given the names imported. */
  alongside?: (trx: Transaction<Database>, names: string[]) => Promise<void>;
}

/** Validates the whole catalogue (cobrands and the footer variants beside them) and imports it, or nothing. */
export async function importCatalogue(
  database: PortalDatabase,
  dir = CATALOGUE_DIR,
  options: ImportOptions = {},
): Promise<string[]> {
  const { cobrands, problems } = readCatalogue(dir);
  if (problems.length)
    throw new Error(
      `The cobrand catalogue has problems (${problems.length}); nothing was imported:\n${problems.join('\n')}`,
    );
  const names = cobrands.map((c) => c.record.cobrand.name);
  await database.db.transaction().execute(async (trx) => {
    await storesOf(database).cobrands.importAll(cobrands, options.now ?? Date.now(), trx);
    await options.alongside?.(trx, names);
  });
  options.directory?.invalidate();
  await announceCatalogueChange(database);
  return names;
}

/**
 * The migrations, then what only the service can fill in after them: the skeleton of every user ID made before
 * skeletons were kept, so that a new ID is checked against all of them (docs/decisions.md, "User IDs: one form, and no
 * look-alikes"). Every start and every command runs it; after the first it finds nothing to do. Answers the migrations
 * applied.
 */
export async function prepareDatabase(database: PortalDatabase): Promise<string[]> {
  const applied = await migrateToLatest(database.db, database.schema);
  await fillUserIdSkeletons(database.db);
  await fillNameKeys(database.db);
  return applied;
}

export interface Bootstrapped {
  seeded: boolean;
  /** Demo mode: the demo token users' otpauth URIs, for the start banner. */
  demoTokens: { userId: string; uri: string }[];
  /** Demo mode: the demo help-desk operators' authenticator URIs, for the start banner. */
  demoOperators: { name: string; role: string; uri: string }[];
}

/**
 * Migrates, loads the catalogue and seeds the demo users and operators. Instances starting together on one database may all run it:
 * the migrations hold their lock to the commit, the catalogue import is an upsert, and the demo users are made by
 * whichever instance creates the first of them (demo-users.ts). No session-level lock is taken, which a transaction
 * pooler (PgBouncer) would leave held on a pooled connection. `clock` dates what the demo makes (a test passes its own).
 */
export async function bootstrap(
  config: Config,
  database: PortalDatabase,
  warn: (m: string) => void,
  clock: () => number = Date.now,
): Promise<Bootstrapped> {
  await prepareDatabase(database);
  const store = storesOf(database).cobrands;
  // Records stored before footers were resolved at import cannot be answered: load the catalogue again.
  if ((await store.list()).length === 0 || !(await store.isCurrentFormat())) await importCatalogue(database);
  for (const line of uncheckedSummary(await storesOf(database).importClasses.settle(Date.now()))) warn(line);
  if (!config.demo) return { seeded: false, demoTokens: [], demoOperators: [] };
  const keys = deriveKeys(loadPortalSecret(config.portalSecret, config.dataDir, warn));
  const accounts = storesOf(database).accounts;
  const tokens = storesOf(database).tokens;
  const seeded = await seedDemoUsers(accounts, tokens, keys, clock(), storesOf(database).sso);
  // Their making is in the trail and forwarded to the SIEM as any other operator change is.
  const audit = new AuditLog(database.db, clock, undefined, siemForwarder(database, clock));
  const staff = staffServices(database, keys, clock, audit).admin;
  const demoOperators = await seedDemoOperators(staff);
  return { seeded, demoTokens: await demoTokenUris(accounts, tokens, keys.seal), demoOperators };
}

/**
 * What a start says of stored imported hashes the sign-in will not check (docs/decisions.md, "Imported password
 * hashes"): one line per cobrand and reason, with how many users; `users unchecked-hashes` lists them.
 */
export function uncheckedSummary(unchecked: UncheckedHash[]): string[] {
  const counts = new Map<string, number>();
  for (const { cobrand, problem } of unchecked) {
    const key = JSON.stringify([cobrand, problem]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => {
    const [cobrand, problem] = JSON.parse(key) as [string, string];
    return (
      `${n} user(s) of cobrand "${cobrand}" hold an imported password hash the sign-in does not check (${problem}): ` +
      'their password tries are refused until they are given a new password; `portal users unchecked-hashes` lists them'
    );
  });
}

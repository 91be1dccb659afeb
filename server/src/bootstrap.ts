/** What every start does before serving: migrate, make sure the catalogue is loaded, and (demo) seed the demo users. */
import { AccountStore } from './accounts/account-store.js';
import { readCatalogue } from './cobrands/catalogue.js';
import { CobrandStore } from './cobrands/cobrand-store.js';
import type { Config } from './config.js';
import { migrateToLatest, type PortalDatabase } from './db/database.js';
import { seedDemoUsers } from './features/demo/demo-data.js';
import { CATALOGUE_DIR } from './paths.js';
import { deriveKeys, loadPortalSecret } from './security/portal-secret.js';

export async function importCatalogue(database: PortalDatabase, dir = CATALOGUE_DIR, now = Date.now()): Promise<string[]> {
  const { records, problems } = readCatalogue(dir);
  if (problems.length) throw new Error(`The cobrand catalogue has problems; nothing was imported:\n${problems.join('\n')}`);
  await new CobrandStore(database.db).importAll(records, now);
  return records.map((r) => r.cobrand.name);
}

export async function bootstrap(config: Config, database: PortalDatabase, warn: (m: string) => void): Promise<{ seeded: boolean }> {
  await migrateToLatest(database.db);
  if ((await new CobrandStore(database.db).list()).length === 0) await importCatalogue(database);
  if (!config.demo) return { seeded: false };
  const keys = deriveKeys(loadPortalSecret(config.portalSecret, config.dataDir, warn));
  return { seeded: await seedDemoUsers(new AccountStore(database.db), keys.userIdentity, Date.now()) };
}

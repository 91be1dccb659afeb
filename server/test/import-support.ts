/** `users import --file` and the other commands on a test app's database, as the command line runs them. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountStore, type ImportDeps } from '../src/account/index.js';
import { COMMANDS } from '../src/cli-commands.js';
import { createOperator } from '../src/operator.js';
import { deriveKeys, loadPortalSecret } from '../src/security/portal-secret.js';
import { storesOf } from '../src/stores.js';
import { TEST_PORTAL_SECRET, type TestApp } from './harness.js';

export async function importFile(t: TestApp, lines: string[]): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'portal-import-'));
  try {
    const file = join(folder, `users-${randomBytes(4).toString('hex')}.jsonl`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return await runCommand(t, 'users import', undefined, { file });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A command of the command line on a test app's database, as `npm run portal --` runs it; answers what it prints. */
export function runCommand(
  t: TestApp,
  command: string,
  subject: string | undefined,
  options: Record<string, string> = {},
): Promise<string> {
  const keys = () => deriveKeys(loadPortalSecret(TEST_PORTAL_SECRET, t.config.dataDir, () => {}));
  return COMMANDS[command]!({
    database: t.database,
    accounts: new AccountStore(t.database.db),
    keys,
    demo: false,
    now: t.clock.now(),
    origin: { actor: 'cli:test' },
    subject,
    options,
    operator: () => createOperator({ database: t.database, keys: keys(), clock: t.clock.now }),
  });
}

/** One line of an import file, in skerrymoor unless `extra` says otherwise. */
export const importLine = (userId: string, passwordHash: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ userId, email: `${userId}@example.com`, cobrand: 'skerrymoor', passwordHash, ...extra });

/** What `users import` gives the import, on a test app's database: for a test that stands between it and the database. */
export function importDeps(t: TestApp): ImportDeps {
  const keys = deriveKeys(loadPortalSecret(TEST_PORTAL_SECRET, t.config.dataDir, () => {}));
  const audit = createOperator({ database: t.database, keys, clock: t.clock.now }).auditLog;
  const cobrands = storesOf(t.database).cobrands;
  return {
    accounts: new AccountStore(t.database.db),
    identityKey: keys.userIdentity,
    now: t.clock.now(),
    cobrandExists: async (name) => (await cobrands.find(name)) !== null,
    addAudited: (write) =>
      t.database.db.transaction().execute(async (trx) => {
        await audit.recordMany('account.added', await write(trx), { origin: { actor: 'cli:test' }, trx });
      }),
  };
}

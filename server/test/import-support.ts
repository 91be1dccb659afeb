/** `users import --file` and the other commands on a test app's database, as the command line runs them. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountStore } from '../src/account/index.js';
import { COMMANDS } from '../src/cli-commands.js';
import { createOperator } from '../src/operator.js';
import { deriveKeys, loadPortalSecret } from '../src/security/portal-secret.js';
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

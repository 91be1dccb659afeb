/**
 * Figure 14's measurements: `users import` of one file of users with the old directory's hashes ({SSHA}, bcrypt and
 * argon2id, a third each, across the catalogue's cobrands), on SQLite and on PostgreSQL, run as the command line runs
 * it (its COMMANDS table, in this process) on a database the service migrated, with the catalogue imported. The hashes
 * are made once before: an import parses them and never computes one.
 *
 * Run: node --import tsx bench/lib/import-users.ts <users> <postgres URL or "none">
 * Prints JSON: per database, the seconds the import took, what it printed last, and the accounts it wrote.
 */
import { hash as argon2 } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountStore } from '../../server/src/account/index.js';
import { COMMANDS, type CommandContext } from '../../server/src/cli-commands.js';
import { createOperator } from '../../server/src/operator.js';
import { deriveKeys } from '../../server/src/security/portal-secret.js';
import { benchDatabase } from './bench-database.js';

const [usersArg, postgresUrl] = process.argv.slice(2);
const users = Number(usersArg);
const SECRET = 'benchmarks-only-secret-0123456789abcdef';
const PASSWORD = 'Ledger-Migrated-2019';

/** One hash of each scheme, made as the old directory's software makes them. */
async function oldHashes(): Promise<string[]> {
  const salt = randomBytes(8);
  const ssha = `{SSHA}${Buffer.concat([createHash('sha1').update(PASSWORD).update(salt).digest(), salt]).toString('base64')}`;
  const argon = await argon2(PASSWORD, { algorithm: 2, memoryCost: 8192, timeCost: 3, parallelism: 1 });
  return [ssha, await bcrypt.hash(PASSWORD, 5), argon];
}

function userFile(folder: string, hashes: string[], cobrands: string[]): string {
  const file = join(folder, 'users.jsonl');
  const line = (i: number) =>
    JSON.stringify({
      userId: `migrated${String(i).padStart(7, '0')}`,
      email: `Migrated.User${i}@Example.com`,
      cobrand: cobrands[i % cobrands.length],
      name: `Migrated User ${i}`,
      passwordHash: hashes[i % hashes.length],
    });
  writeFileSync(file, `${Array.from({ length: users }, (_, i) => line(i + 1)).join('\n')}\n`);
  return file;
}

async function measure(dialect: 'sqlite' | 'postgres', hashes: string[]) {
  const { database, dataDir, drop } = await benchDatabase(dialect, postgresUrl, 'import');
  try {
    const keys = deriveKeys(SECRET);
    const context = (command: Partial<CommandContext>): CommandContext => ({
      database,
      accounts: new AccountStore(database.db),
      keys: () => keys,
      operator: () => createOperator({ database, keys, clock: Date.now }),
      demo: false,
      now: Date.now(),
      origin: { actor: 'cli:bench' },
      subject: undefined,
      options: {},
      ...command,
    });
    const catalogue = await COMMANDS['cobrands import']!(context({}));
    const cobrands = catalogue.replace(/^Imported \d+ cobrands: /, '').split(', ');
    const file = userFile(dataDir, hashes, cobrands);
    const started = performance.now();
    const printed = await COMMANDS['users import']!(context({ options: { file } }));
    const seconds = (performance.now() - started) / 1000;
    const written = await database.db
      .selectFrom('account')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', 'like', 'migrated%')
      .executeTakeFirstOrThrow();
    return { seconds, printed: printed.split('\n').at(-1), accounts: Number(written.n), cobrands: cobrands.length };
  } finally {
    await drop();
  }
}

const hashes = await oldHashes();
const result: Record<string, unknown> = { users, sqlite: await measure('sqlite', hashes) };
if (postgresUrl && postgresUrl !== 'none') result.postgres = await measure('postgres', hashes);
process.stdout.write(JSON.stringify(result));

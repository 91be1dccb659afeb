/**
 * Prepares a benchmark database with the service's own code: migrations and the cobrand catalogue as every start does
 * them (bootstrap), the password hash from the service's hashSecret, ldapIds from its identity key and session hashes
 * from its hashSessionId. Users and sessions are then written in bulk, in one transaction, straight into the migrated
 * SQLite file, row for row the shape createAccount and SessionManager.start write (one argon2id hash serves every
 * row, as the salt is inside it).
 *
 * Run: node --import tsx bench/lib/seed-database.ts <dataDir> <users> <sessions> <out.json>
 * Prints nothing; writes to out.json the password, the hash, some user IDs, some raw session IDs (each with the
 * anti-forgery token the service would have issued for it) to load with, and how long the service's periodic sweep of
 * expired sessions takes on this database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type AccountRow, ldapIdFor, userIdKey, userIdSkeleton } from '../../server/src/account/index.js';
import { bootstrap } from '../../server/src/bootstrap.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/database.js';
import { issueCsrfToken, sessionBinding } from '../../server/src/security/csrf.js';
import { hashSessionId } from '../../server/src/security/ids.js';
import { hashSecret } from '../../server/src/security/passwords.js';
import { deriveKeys } from '../../server/src/security/portal-secret.js';
import { SessionStore, type SessionRow } from '../../server/src/session/index.js';

const [dataDir, usersArg, sessionsArg, outFile] = process.argv.slice(2);
if (!dataDir || !usersArg || !sessionsArg || !outFile) {
  console.error('usage: seed-database.ts <dataDir> <users> <sessions> <out.json>');
  process.exit(2);
}
const users = Number(usersArg);
const sessions = Number(sessionsArg);
const PASSWORD = 'Bench-Password-2026';
const COBRAND = 'skerrymoor';
const SAMPLE = 5_000;

const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  PORTAL_DEMO: 'false',
  LOG_LEVEL: 'warn',
});
if (!config.portalSecret) throw new Error('PORTAL_SECRET must be set, the same as the service under test');
const started = performance.now();
const database = openDatabase({ databaseUrl: null, dataDir: config.dataDir, sqliteCheckpoints: 'inline' });
await bootstrap(config, database, () => undefined);
await database.close();
const keys = deriveKeys(config.portalSecret);
const passwordHash = await hashSecret(PASSWORD);
const now = Date.now();
const idleMs = config.sessionIdleSeconds * 1000;
const absoluteMs = config.sessionAbsoluteSeconds * 1000;

const sqlite = new SQLite(join(config.dataDir, 'portal.sqlite'));
// Bulk-load settings for this connection only; the service sets its own (WAL, NORMAL) when it opens the file.
sqlite.pragma('journal_mode = DELETE');
sqlite.pragma('synchronous = OFF');
sqlite.pragma('cache_size = -4000000');
sqlite.pragma('temp_store = MEMORY');

/** An INSERT for exactly the row's columns, after checking they are the table's columns: the row shape is the service's. */
function inserter(table: string, sample: Record<string, unknown>) {
  const columns = (sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name).sort();
  const keysOf = Object.keys(sample).sort();
  if (columns.join() !== keysOf.join()) {
    throw new Error(
      `The ${table} table has columns [${columns}] but the benchmark writes [${keysOf}]: update bench/lib/seed-database.ts`,
    );
  }
  const names = Object.keys(sample);
  const statement = sqlite.prepare(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`,
  );
  return (row: Record<string, unknown>) => statement.run(row);
}

const userId = (i: number) => `bench${String(i).padStart(7, '0')}`;
// As createAccount writes it.
const accountRow = (i: number): AccountRow => ({
  id: randomUUID(),
  user_id: userId(i),
  user_id_key: userIdKey(userId(i)),
  user_id_skeleton: userIdSkeleton(userId(i)),
  ldap_id: ldapIdFor(keys.userIdentity, userId(i)),
  email: `${userId(i)}@example.com`,
  cobrand: COBRAND,
  status: 'active',
  login_type: 'password',
  password_hash: passwordHash,
  password_state: 'current',
  password_changed_at: now,
  failed_attempts: 0,
  locked_at: null,
  lock_mailed_at: null,
  security_question: null,
  last_signin_at: now,
  password_expires_at: null,
  security_answer_hash: null,
  display_name: null,
  // No name: none to search by (account/name-key.ts).
  name_key: null,
  external_id: null,
  deleted_at: null,
  created_at: now,
  updated_at: now,
});
// As SessionManager.start writes it.
const sessionRow = (rawId: string, accountId: string): SessionRow => ({
  id_hash: hashSessionId(rawId),
  account_id: accountId,
  kind: 'full',
  cobrand: COBRAND,
  locale: 'en_US',
  sso: 0,
  method: 'password',
  created_at: now,
  last_seen_at: now,
  idle_expires_at: now + idleMs,
  absolute_expires_at: now + absoluteMs,
  user_agent: null,
  client_address: null,
  device_id: null,
});

const accountIds: string[] = new Array(users);
const sampleEvery = (n: number) => Math.max(1, Math.floor(n / SAMPLE));
const sampleUsers: string[] = [];
const sampleSessions: { id: string; token: string }[] = [];
const insertAccount = inserter('account', accountRow(0));
const insertSession = inserter('session', sessionRow('x', 'y'));
sqlite.transaction(() => {
  for (let i = 0; i < users; i += 1) {
    const row = accountRow(i);
    accountIds[i] = row.id;
    insertAccount(row);
    if (i % sampleEvery(users) === 0) sampleUsers.push(row.user_id);
  }
  for (let j = 0; j < sessions; j += 1) {
    const raw = randomBytes(32).toString('base64url');
    insertSession(sessionRow(raw, accountIds[(j * 7919) % users]!));
    if (j % sampleEvery(sessions) === 0)
      sampleSessions.push({ id: raw, token: issueCsrfToken(keys.csrf, sessionBinding(raw)) });
  }
})();
sqlite.pragma('journal_mode = WAL');
sqlite.close();
const filled = performance.now();

// The sweep every instance runs each minute (main.ts), through the service's own store, on the file as the service
// opens it. Every seeded session is live, so it deletes nothing: this is the cost of looking.
// One store, made before the clock starts: a store compiles its queries when it is made, as main.ts's does once.
const reopened = openDatabase({ databaseUrl: null, dataDir: config.dataDir });
const store = new SessionStore(reopened.db);
const sweepMs: number[] = [];
for (let i = 0; i < 3; i += 1) {
  const t = performance.now();
  const deleted = await store.deleteExpired(Date.now());
  sweepMs.push(performance.now() - t);
  if (deleted.length !== 0) throw new Error(`the sweep deleted ${deleted.length} sessions that should be live`);
}
await reopened.close();

writeFileSync(
  outFile,
  JSON.stringify({
    users,
    sessions,
    password: PASSWORD,
    passwordHash,
    cobrand: COBRAND,
    sampleUsers,
    sampleSessions,
    sweepMs,
    seconds: (filled - started) / 1000,
  }),
);

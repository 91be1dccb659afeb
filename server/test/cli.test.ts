/** The admin CLI as an administrator runs it: each command prints what it did; bad arguments print usage, exit non-zero. */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BATCH } from '../src/account/index.js';
import { buildAdminApp } from '../src/admin-app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import {
  type CliRun,
  DIALECTS,
  portalCli,
  portalCliRunning,
  serverEntry,
  TEST_DATABASE_URL,
  TEST_PORTAL_SECRET,
  withPgClient,
} from './harness.js';
import { TcpProxy } from './tcp-proxy.js';

let dataDir: string;

const portal = (...args: string[]): CliRun => portalCli(dataDir, args);

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('portal CLI', () => {
  it('migrates, imports the catalogue and lists the cobrands', () => {
    expect(portal('db', 'migrate').stdout).toContain('Applied migrations: 2026_11_21_1000_create_core_tables');
    expect(portal('db', 'migrate').stdout).toContain('The database is up to date.');
    expect(portal('cobrands', 'import').stdout).toMatch(/Imported \d+ cobrands: .*skerrymoor/);
    expect(portal('cobrands', 'list').stdout).toMatch(/skerrymoor\s+SKM/);
  });

  it('adds a user, then expires its password and deactivates it, printing each change', () => {
    expect(
      portal(
        'users',
        'add',
        'clerk01',
        '--email',
        'clerk01@example.com',
        '--cobrand',
        'skerrymoor',
        '--password',
        'Clerk-Password-2026',
      ).stdout,
    ).toContain('Added user clerk01.');
    expect(portal('users', 'list').stdout).toMatch(/clerk01\s+active\s+password\s+password current\s+skerrymoor/);
    expect(portal('users', 'expire-password', 'clerk01').stdout).toContain('Expired the password of clerk01');
    expect(portal('users', 'list').stdout).toMatch(/clerk01\s+active\s+password\s+password expired/);
    expect(portal('users', 'deactivate', 'clerk01').stdout).toContain('Deactivated clerk01');
    expect(portal('users', 'list').stdout).toMatch(/clerk01\s+inactive/);
  });

  it('sets a security question, refusing a missing or too short answer', () => {
    expect(
      portal('users', 'set-question', 'clerk01', '--question', 'What was your first car?', '--answer', 'Blue Volvo')
        .stdout,
    ).toContain('Set the security question of clerk01.');
    const short = portal('users', 'set-question', 'clerk01', '--question', 'Q?', '--answer', 'abc');
    expect(short.status).toBe(2);
    expect(short.stderr).toContain('--answer must be at least 4 characters');
    expect(portal('users', 'set-question', 'clerk01', '--question', 'Q?').stderr).toContain(
      '--question <text> and --answer <answer> are required',
    );
  });

  it('assigns a token with its otpauth URI and QR code, shows its code in demo mode only, resets its PIN and removes it', () => {
    portal(
      'users',
      'add',
      'tokenclerk',
      '--email',
      'tokenclerk@example.com',
      '--cobrand',
      'skerrymoor',
      '--password',
      'Clerk-Password-2026',
    );
    const assigned = portal('tokens', 'assign', 'tokenclerk').stdout;
    expect(assigned).toContain('Assigned a new token to tokenclerk, in new-PIN mode.');
    expect(assigned).toMatch(
      /otpauth:\/\/totp\/Skerrymoor%20Bank%20Commercial%20Card:tokenclerk\?secret=[A-Z2-7]{32}&issuer=.*&digits=8&period=60/,
    );
    expect(assigned).toMatch(/[▀▄█]/);
    expect(portal('users', 'list').stdout).toMatch(/tokenclerk\s+active\s+token/);
    expect(portal('tokens', 'code', 'tokenclerk').stdout.trim()).toMatch(/^\d{8}$/);
    const notDemo = portalCli(dataDir, ['tokens', 'code', 'tokenclerk'], { PORTAL_DEMO: 'false' });
    expect(notDemo.status).toBe(2);
    expect(notDemo.stderr).toContain('tokens code is for demo mode only');
    expect(portal('tokens', 'reset-pin', 'tokenclerk').stdout).toContain('Reset the PIN of tokenclerk');
    expect(portal('tokens', 'unassign', 'tokenclerk').stdout).toContain('Removed the token of tokenclerk');
    expect(portal('users', 'list').stdout).toMatch(/tokenclerk\s+active\s+password/);
    expect(portal('tokens', 'reset-pin', 'tokenclerk').stderr).toContain('user "tokenclerk" has no token');
    // Nine runs of the command line: more than the default timeout on a busy machine.
  }, 90_000);

  it('gives a user added without a password a temporary one that must be changed', () => {
    const { stdout } = portal('users', 'add', 'clerk02', '--email', 'clerk02@example.com', '--cobrand', 'larchmere');
    expect(stdout).toMatch(/Added user clerk02 with temporary password \S{12,20} \(to be changed at first sign-in\)/);
    expect(portal('users', 'list').stdout).toMatch(/clerk02\s+active\s+password\s+password temporary/);
  });

  it('keeps the name mails greet a user by, given at creation or later', () => {
    const add = ['users', 'add', 'clerk03', '--email', 'clerk03@example.com', '--cobrand', 'larchmere'];
    expect(portal(...add, '--name', '  Ana   Ruiz ').stdout).toContain('Added user clerk03');
    expect(portal('users', 'list').stdout).toMatch(
      /clerk03\s+active\s+password\s+password temporary\s+larchmere\s+Ana Ruiz\n/,
    );
    expect(portal('users', 'set-name', 'clerk03', '--name', 'Ana Ruiz Soto').stdout).toBe(
      'Set the name of clerk03: mails greet them as "Ana Ruiz Soto".\n',
    );
    expect(portal('users', 'list').stdout).toMatch(/larchmere\s+Ana Ruiz Soto\n/);
  });

  it("links a user to the subject their cobrand's identity provider names them by", () => {
    portal('users', 'add', 'ssoclerk', '--email', 'ssoclerk@example.com', '--cobrand', 'veltmoor', '--name', 'S');
    const link = ['users', 'link-sso', 'ssoclerk', '--cobrand', 'veltmoor', '--subject', 'sub-123'];
    expect(portal(...link).stdout).toBe('Linked ssoclerk to "sub-123" at the identity provider of veltmoor.\n');
  });

  it('lists and exports the security events, of one user or of all, since a time', () => {
    const list = portal('audit', 'list', '--user', 'clerk01', '--since', '1h').stdout;
    expect(list).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z {2}account\.deactivated +clerk01 +cli:\S+ +\{"sessionsEnded":0,"devicesForgotten":0\}$/m,
    );
    const exported = portal('audit', 'export', '--since', '2020-01-01T00:00Z').stdout.trim().split('\n');
    const events = exported.map((line) => JSON.parse(line) as { kind: string; userId: string | null; at: string });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'account.deactivated', userId: 'clerk01' }));
    expect(events.map((e) => e.at)).toEqual(events.map((e) => e.at).sort());
  });

  it('audits every change an administrator makes, naming who made it', () => {
    portal('tokens', 'at-server', 'clerk02');
    const exported = portal('audit', 'export', '--since', '2020-01-01T00:00Z').stdout.trim().split('\n');
    const events = exported.map((line) => JSON.parse(line) as { kind: string; userId: string | null; actor: string });
    const by = expect.stringMatching(/^cli:\S+$/);
    for (const [kind, userId] of [
      ['cobrands.imported', null],
      ['account.added', 'clerk01'],
      ['account.password.expired', 'clerk01'],
      ['account.deactivated', 'clerk01'],
      ['account.question.set', 'clerk01'],
      ['token.assigned', 'tokenclerk'],
      ['token.pin.reset', 'tokenclerk'],
      ['token.unassigned', 'tokenclerk'],
      ['account.name.set', 'clerk03'],
      ['account.sso.linked', 'ssoclerk'],
      ['token.at.server', 'clerk02'],
    ]) {
      expect(events, kind!).toContainEqual(expect.objectContaining({ kind, userId, actor: by }));
    }
    // A refused command changes nothing, so it writes no event.
    expect(events.filter((e) => e.kind === 'token.pin.reset')).toHaveLength(1);
  });

  it('makes admin API keys that print alone on the last line, lists them, and revokes them', async () => {
    const made = portal(
      'api-keys',
      'create',
      '--name',
      'helpdesk',
      '--scopes',
      'users:read,users:write',
      '--cobrand',
      'larchmere',
    );
    expect(made.status).toBe(0);
    const key = made.stdout.trimEnd().split('\n').at(-1)!;
    expect(key).toMatch(/^pak_[\w-]{43}$/);
    expect(portal('api-keys', 'list').stdout).toMatch(/helpdesk\s+in use\s+users:read,users:write\s+larchmere/);
    expect(portal('api-keys', 'create', '--name', 'helpdesk', '--scopes', 'users:read').stderr).toContain(
      'exists already',
    );
    expect(portal('api-keys', 'create', '--name', 'x', '--scopes', 'root').stderr).toContain('--scopes must be among');

    const database = openDatabase({ databaseUrl: null, dataDir });
    const config = loadConfig({ DATA_DIR: dataDir, PORTAL_SECRET: TEST_PORTAL_SECRET, LOG_LEVEL: 'silent' });
    const admin = await buildAdminApp({ config, database });
    try {
      const ask = (userId: string) =>
        admin.inject({ url: `/admin/v1/users/${userId}`, headers: { authorization: `Bearer ${key}` } });
      expect((await ask('clerk02')).json()).toMatchObject({ userId: 'clerk02', cobrand: 'larchmere' });
      expect((await ask('clerk01')).statusCode).toBe(404);
      expect(portal('api-keys', 'revoke', 'helpdesk').stdout).toContain('Revoked the API key "helpdesk"');
      expect((await ask('clerk02')).statusCode).toBe(401);
      expect(portal('api-keys', 'list').stdout).toMatch(/helpdesk\s+revoked 20/);
    } finally {
      await admin.close();
      await database.close();
    }
    const exported = portal('audit', 'export', '--since', '2020-01-01T00:00Z').stdout;
    expect(exported).toMatch(/"kind":"apikey.created".*"actor":"cli:/);
    expect(exported).toMatch(/"kind":"apikey.revoked".*"actor":"cli:/);
  }, 90_000);

  it.each([
    [[], 'no command given'],
    [['users', 'frob'], 'unknown command "users frob"'],
    [['users', 'unlock'], 'a user ID is required'],
    [['users', 'unlock', 'nobody-here'], 'no user "nobody-here"'],
    [['users', 'add', 'x1', '--cobrand', 'skerrymoor'], '--email <address> is required'],
    [['users', 'add', 'x1', '--email', 'x1@example.com', '--cobrand', 'no-such-bank'], 'no cobrand "no-such-bank"'],
    [
      ['users', 'add', 'clerk01', '--email', 'c@example.com', '--cobrand', 'skerrymoor'],
      'user "clerk01" already exists',
    ],
    [['users', 'list', '--colour'], "Unknown option '--colour'"],
    [['users', 'set-name', 'clerk01'], '--name must be 1 to 200 printable characters'],
    [['audit', 'list', '--since', 'yesterday'], '--since must be a time such as 2026-11-24T09:00Z'],
    [['audit', 'export', '--user', 'nobody-here'], 'no user "nobody-here"'],
    [
      ['users', 'link-sso', 'clerk01', '--cobrand', 'skerrymoor'],
      '--cobrand <name> and --subject <subject> are required',
    ],
    [
      ['users', 'link-sso', 'clerk01', '--cobrand', 'skerrymoor', '--subject', 's'],
      'cobrand "skerrymoor" has no identity',
    ],
    [['users', 'link-sso', 'clerk01', '--cobrand', 'veltmoor', '--subject', 's'], 'user "clerk01" belongs to cobrand'],
    [['users', 'set-name', 'clerk01', '--name', 'x'.repeat(201)], '--name must be 1 to 200 printable characters'],
    [['users', 'set-name', 'nobody-here', '--name', 'Nobody'], 'no user "nobody-here"'],
    [['users', 'unlock', 'clerk01'], 'user "clerk01" is not locked (inactive)'],
  ])('refuses %j with a message and the usage, exiting non-zero', (args, message) => {
    const { status, stderr } = portal(...args);
    expect(status).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('Usage: npm run portal -- <command>');
  });

  it('imports users with their old hashes from a file, reporting a bad line by its number', () => {
    const salt = randomBytes(8);
    const digest = createHash('sha1').update('Ledger-Migrated-2019').update(salt).digest();
    const file = join(dataDir, 'users.jsonl');
    const user = (userId: string, passwordHash: string) =>
      JSON.stringify({ userId, email: `${userId}@example.com`, cobrand: 'skerrymoor', passwordHash });
    writeFileSync(
      file,
      [user('ldap01', `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`), user('ldap02', 'plain')].join('\n'),
    );
    const result = portal('users', 'import', '--file', file);
    expect(result.stdout.trim().split('\n')).toEqual([
      'line 2: passwordHash is not a PHC string, a bcrypt hash, nor one of {SSHA}, {SSHA256}, {SSHA512}, {PBKDF2-SHA256}',
      'Imported 1 users; 1 lines refused.',
    ]);
    expect(portal('users', 'list').stdout).toMatch(/ldap01\s+active\s+password\s+password current\s+skerrymoor/);
    expect(portal('users', 'import').stderr).toContain('--file <users.jsonl> is required');
  });

  it('stops with a clear message for a bad configuration value', () => {
    const result = portalCli(dataDir, ['users', 'list'], { PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be a whole number');
  });
});

/** An old directory's users as JSON lines, `count` of them named `<prefix><n>`, with a bcrypt hash (cost 4). */
function userFile(file: string, prefix: string, count: number, bad: number[] = []): string {
  const hash = '$2b$04$UjWrODzaHKEfTp2sOpr./uJL27iBYMhpoEMz1V/Mgo0u4JPniClby';
  const line = (n: number) =>
    JSON.stringify({
      userId: `${prefix}${n}`,
      email: `${prefix}${n}@example.com`,
      cobrand: 'skerrymoor',
      passwordHash: bad.includes(n) ? 'plain' : hash,
    });
  writeFileSync(file, Array.from({ length: count }, (_, i) => line(i + 1)).join('\n'));
  return file;
}

describe('users import, long and cut', () => {
  it('prints a progress line every 10,000 users on a terminal (script(1) gives it one)', () => {
    expect(portal('cobrands', 'import').status).toBe(0);
    const file = userFile(join(dataDir, 'many.jsonl'), 'bulk', 10_001);
    const command = [process.execPath, ...serverEntry('cli'), 'users', 'import', '--file', file].join(' ');
    const run = spawnSync('script', ['-qefc', command, '/dev/null'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, DATA_DIR: dataDir, PORTAL_SECRET: TEST_PORTAL_SECRET, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout.split(/\r?\n/).filter(Boolean)).toEqual([
      'Imported 10000 users so far; reading line 10001…',
      'Imported 10001 users; 0 lines refused.',
    ]);
  }, 120_000);

  describe.runIf(DIALECTS.includes('postgres'))('on PostgreSQL that goes away meanwhile', () => {
    let proxy: TcpProxy | undefined;
    afterAll(() => proxy?.cut());

    it('says the line it stopped at and what it imported before; a run from that line goes on', async () => {
      const name = `portal_${randomBytes(6).toString('hex')}`;
      await withPgClient((client) => client.query(`create database ${name}`));
      const target = new URL(TEST_DATABASE_URL!);
      proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).open();
      const through = new URL(TEST_DATABASE_URL!);
      [through.port, through.pathname] = [String(proxy.port), `/${name}`];
      const env = { DATABASE_URL: through.toString() };
      // Through the proxy, which runs in this process: the command must not block it (portalCli would).
      expect((await portalCliRunning(dataDir, ['cobrands', 'import'], env)).status).toBe(0);
      // Batches enough that the cut lands in the middle of the file.
      const file = userFile(join(dataDir, 'cut.jsonl'), 'cut', 10 * IMPORT_BATCH, [3]);

      const running = portalCliRunning(dataDir, ['users', 'import', '--file', file], env);
      const direct = new URL(TEST_DATABASE_URL!);
      direct.pathname = `/${name}`;
      const imported = () =>
        withPgClient(
          (client) => client.query<{ n: string }>("select count(*) as n from account where user_id like 'cut%'"),
          direct.toString(),
        ).then(({ rows }) => Number(rows[0]!.n));
      await expect.poll(imported, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(50);
      await proxy.cut();
      const cut = await running;

      expect(cut.status).toBe(1);
      const said =
        /^Error: the import stopped at line (\d+) \(.+\): (\d+) users were imported before it, 1 lines refused:$/m;
      const [, line, count] = said.exec(cut.stderr) ?? [];
      expect(cut.stderr).toContain('line 3: passwordHash is not a PHC string');
      expect(cut.stderr).toContain(`npm run portal -- users import --file ${file} --from-line ${line}`);
      // Every line before it was imported or refused, and it is a batch's first: a batch is written whole or not at
      // all, and the one it stopped at may have been written as the link broke.
      expect(Number(line)).toBe(Number(count) + 2);
      expect((Number(line) - 1) % IMPORT_BATCH).toBe(0);
      expect([Number(count), Number(count) + IMPORT_BATCH]).toContain(await imported());

      await proxy.open();
      const rest = await portalCliRunning(dataDir, ['users', 'import', '--file', file, '--from-line', line!], env);
      expect(rest.status).toBe(0);
      expect(rest.stdout).toMatch(new RegExp(`Imported \\d+ users; (0|${IMPORT_BATCH}) lines refused\\.$`, 'm'));
      expect(await imported()).toBe(10 * IMPORT_BATCH - 1);
    }, 120_000);
  });
});

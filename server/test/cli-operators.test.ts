/**
 * `npm run portal -- operators ...` as an administrator runs it, on SQLite and on PostgreSQL: an operator is added with
 * a role and cobrands (the password and the authenticator's URI printed once), listed, unlocked, removed; each change
 * audited with who ran it; a bad role, an unknown cobrand, a taken or unknown name refused with a clear message. What
 * `operators add` prints is what the operator signs in to the console with.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsolePaths } from '@portal/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminApp } from '../src/admin-app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { CONSOLE_COOKIES } from './console-support.js';
import {
  type CliRun,
  DIALECTS,
  portalCli,
  TEST_DATABASE_URL,
  TEST_PORTAL_SECRET,
  TestClient,
  withPgClient,
} from './harness.js';

for (const dialect of DIALECTS) {
  describe(`portal operators (${dialect})`, () => {
    let dataDir: string;
    let env: Record<string, string> = {};
    let pgName: string | undefined;
    const portal = (...args: string[]): CliRun => portalCli(dataDir, args, env);

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'portal-operators-'));
      if (dialect === 'postgres') {
        pgName = `portal_${randomBytes(6).toString('hex')}`;
        await withPgClient((client) => client.query(`create database ${pgName}`));
        const url = new URL(TEST_DATABASE_URL!);
        url.pathname = `/${pgName}`;
        env = { DATABASE_URL: url.toString() };
      }
      expect(portal('cobrands', 'import').status).toBe(0);
    }, 60_000);
    afterAll(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (pgName) await withPgClient((client) => client.query(`drop database ${pgName} with (force)`));
    });

    it('adds an operator, printing a generated password and the authenticator once, and lists them', () => {
      const added = portal('operators', 'add', 'Helper01', '--role', 'helpdesk');
      expect(added.status, added.stderr).toBe(0);
      expect(added.stdout).toContain('Added the operator Helper01 (helpdesk; every cobrand).');
      expect(added.stdout).toMatch(/^Their password, shown this once: [a-zA-Z2-9]{5}(-[a-zA-Z2-9]{5}){3}$/m);
      expect(added.stdout).toMatch(
        /^otpauth:\/\/totp\/Help-desk%20console:Helper01\?secret=[A-Z2-7]{32}&issuer=Help-desk%20console(&digits=6)?(&period=30)?$/m,
      );
      expect(added.stdout).toMatch(/[▀▄█]/);
      const limited = ['--cobrand', 'larchmere', '--cobrand', 'skerrymoor', '--password', 'Auditor-Pass-2026'];
      const auditor = portal('operators', 'add', 'audit02', '--role', 'auditor', ...limited);
      expect(auditor.stdout).toContain('Added the operator audit02 (auditor; larchmere, skerrymoor).');
      expect(auditor.stdout).not.toContain('password');
      const list = portal('operators', 'list').stdout;
      expect(list).toMatch(/^audit02 +auditor +active, 0 wrong tries +larchmere, skerrymoor$/m);
      expect(list).toMatch(/^Helper01 +helpdesk +active, 0 wrong tries +every cobrand$/m);
    }, 60_000);

    it('gives what it printed to the console, and unlocks an operator six wrong tries locked', async () => {
      const added = portal('operators', 'add', 'admin03', '--role', 'admin', '--password', 'Admin-Pass-2026!');
      expect(added.status).toBe(0);
      const code = portal('operators', 'code', 'ADMIN03');
      expect(code.stdout.trim()).toMatch(/^\d{6}$/);
      const config = loadConfig({ DATA_DIR: dataDir, PORTAL_SECRET: TEST_PORTAL_SECRET, LOG_LEVEL: 'silent', ...env });
      const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir });
      const admin = await buildAdminApp({ config, database });
      try {
        const client = new TestClient(admin, { csrfCookie: CONSOLE_COOKIES.csrfCookie });
        await client.get(ConsolePaths.me);
        const credentials = { name: 'admin03', password: 'Admin-Pass-2026!', code: code.stdout.trim() };
        const answer = await client.post(ConsolePaths.session, { json: credentials });
        expect(answer.json()).toEqual({ name: 'admin03', role: 'admin', cobrands: null });
        // Six wrong tries lock the operator: the list says since when, and `operators unlock` lets them in again.
        const wrong = { ...credentials, password: 'Wrong-Password-1' };
        for (let i = 0; i < 6; i++)
          expect((await client.post(ConsolePaths.session, { json: wrong })).statusCode).toBe(401);
      } finally {
        await admin.close();
        await database.close();
      }
      expect(portal('operators', 'list').stdout).toMatch(
        /^admin03 +admin +locked since 20\d\d-[\d-]+T[\d:.]+Z +every/m,
      );
      expect(portal('operators', 'unlock', 'admin03').stdout).toContain('Unlocked the operator admin03');
      expect(portal('operators', 'list').stdout).toMatch(/^admin03 +admin +active, 0 wrong tries/m);
      const notDemo = portalCli(dataDir, ['operators', 'code', 'admin03'], { ...env, PORTAL_DEMO: 'false' });
      expect(notDemo.status).toBe(2);
      expect(notDemo.stderr).toContain('operators code is for demo mode only');
    }, 120_000);

    it.each([
      [['operators', 'add', 'x1'], '--role <helpdesk|admin|auditor> is required'],
      [['operators', 'add', 'x1', '--role', 'root'], '--role must be one of helpdesk, admin, auditor'],
      [['operators', 'add', 'x1', '--role', 'helpdesk', '--cobrand', 'nowhere'], 'no cobrand "nowhere"'],
      [['operators', 'add', 'HELPER01', '--role', 'admin'], 'an operator named "Helper01" exists already'],
      [['operators', 'add', 'Hеlper01', '--role', 'admin'], 'operator name "Hеlper01" looks like "Helper01"'],
      [['operators', 'add', 'x\u200b1', '--role', 'admin'], "the operator's name must not hold spaces or invisible"],
      [['operators', 'add', 'x1', '--role', 'admin', '--password', 'short'], '--password must be at least 12'],
      [['operators', 'add'], "an operator's name is required"],
      [['operators', 'remove', 'nobody'], 'no operator "nobody"'],
      [['operators', 'unlock', 'Helper01'], 'operator "Helper01" is not locked'],
    ])('refuses %j with a message and the usage, exiting non-zero', (args, message) => {
      const { status, stderr } = portal(...args);
      expect(status).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr).toContain('Usage: npm run portal -- <command>');
    });

    it('removes an operator, and audits every change with the administrator who made it', () => {
      expect(portal('operators', 'remove', 'helper01').stdout).toContain('Removed the operator helper01');
      expect(portal('operators', 'list').stdout).not.toContain('Helper01');
      const exported = portal('audit', 'export', '--since', '2020-01-01T00:00Z').stdout.trim().split('\n');
      const events = exported.map((line) => JSON.parse(line) as { kind: string; actor: string; detail: object });
      const by = expect.stringMatching(/^cli:\S+$/);
      expect(events).toContainEqual(
        expect.objectContaining({
          kind: 'operator.added',
          actor: by,
          detail: { operator: 'audit02', role: 'auditor', cobrands: 'larchmere skerrymoor' },
        }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({ kind: 'operator.removed', actor: by, detail: { operator: 'Helper01' } }),
      );
      // The refused commands changed nothing, so they wrote nothing.
      expect(events.filter((e) => e.kind === 'operator.added')).toHaveLength(3);
      expect(events).toContainEqual(
        expect.objectContaining({ kind: 'operator.unlocked', actor: by, detail: { operator: 'admin03' } }),
      );
    }, 60_000);
  });
}

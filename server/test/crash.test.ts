/**
 * The service is killed (SIGKILL) in the middle of password changes under load. Afterwards every account has exactly
 * one password that works, its history agrees with it, and no half-written row remains.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Paths } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { HttpClient } from './http-client.js';
import { openDatabase } from '../src/db/database.js';
import { DIALECTS, TEST_DATABASE_URL, TEST_PORTAL_SECRET, serverEntry, untilReady, withPgClient } from './harness.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const USERS = 8;
const OLD = 'Crash-Test-Old-2026';
const NEW = 'Crash-Test-New-2026';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    it('leaves every account with exactly one working password after a SIGKILL during password changes', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
      // A database of its own: the service runs here as it does in production, on its own public schema.
      const database = `crash_${randomBytes(6).toString('hex')}`;
      if (dialect === 'postgres') await withPgClient((c) => c.query(`create database ${database}`));
      const databaseUrl =
        dialect === 'postgres'
          ? Object.assign(new URL(TEST_DATABASE_URL!), { pathname: `/${database}` }).toString()
          : '';
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        PORTAL_SECRET: TEST_PORTAL_SECRET,
        DATABASE_URL: databaseUrl,
        RATE_LIMIT_PER_MINUTE: '0',
        NEW_DEVICE_VERIFICATION: 'off',
        LOG_LEVEL: 'silent',
        PORTAL_DEMO: 'false',
      };
      const cli = (...args: string[]) =>
        new Promise<void>((resolve, reject) => {
          spawn(process.execPath, [...serverEntry('cli'), ...args], {
            cwd: serverDir,
            env,
            stdio: 'ignore',
          }).on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cli ${args.join(' ')}: ${code}`))));
        });
      const start = async (): Promise<{ child: ChildProcess; base: string }> => {
        const port = await freePort();
        const child = spawn(process.execPath, serverEntry('main'), {
          cwd: serverDir,
          env: { ...env, PORT: String(port) },
          stdio: 'ignore',
        });
        const base = `http://127.0.0.1:${port}`;
        await untilReady(base);
        return { child, base };
      };
      try {
        await cli('db', 'migrate');
        await cli('cobrands', 'import');
        const users = Array.from({ length: USERS }, (_, i) => `crash${i}`);
        for (const user of users)
          await cli(
            'users',
            'add',
            user,
            '--email',
            `${user}@example.com`,
            '--cobrand',
            'skerrymoor',
            '--password',
            OLD,
          );

        const first = await start();
        const clients = users.map(() => new HttpClient(first.base));
        expect(await Promise.all(users.map((u, i) => clients[i]!.signIn(u, OLD)))).toEqual(users.map(() => 200));
        const changes = users.map((u, i) =>
          clients[i]!.call('POST', Paths.changePassword, {
            json: { userId: u, oldCredential: OLD, newCredential: NEW },
          }).catch(() => null),
        );
        // Kill once some changes have landed and others are still in flight.
        await new Promise((r) => setTimeout(r, 150));
        const exited = new Promise((r) => first.child.once('exit', r));
        first.child.kill('SIGKILL');
        await Promise.all([changes, exited].flat());

        const second = await start();
        try {
          for (const user of users) {
            const oldWorks = (await new HttpClient(second.base).signIn(user, OLD)) === 200;
            const newWorks = (await new HttpClient(second.base).signIn(user, NEW)) === 200;
            expect([oldWorks, newWorks], user).toSatisfy(([o, n]: boolean[]) => o !== n);
          }
          const { db } = openDatabase({ databaseUrl: databaseUrl || null, dataDir });
          try {
            for (const user of users) {
              const account = await db
                .selectFrom('account')
                .selectAll()
                .where('user_id_key', '=', user)
                .executeTakeFirstOrThrow();
              const history = await db
                .selectFrom('password_history')
                .select('password_hash')
                .where('account_id', '=', account.id)
                .execute();
              const changed = (await new HttpClient(second.base).signIn(user, NEW)) === 200;
              // A changed account keeps exactly its old password in history; an unchanged one has none.
              expect(history.length, user).toBe(changed ? 1 : 0);
              expect(account.password_state).toBe('current');
            }
            expect(await db.selectFrom('temporary_password').selectAll().execute()).toEqual([]);
          } finally {
            await db.destroy();
          }
        } finally {
          second.child.kill('SIGKILL');
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        if (dialect === 'postgres')
          await withPgClient((c) => c.query(`drop database if exists ${database} with (force)`));
      }
    }, 120_000);
  });
}

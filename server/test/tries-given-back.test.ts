/**
 * A claimed try given back (db/failed-tries.ts), as the account's and a trusted device's counts take it: one off, never
 * below nought, and each of several given back at once counted.
 */
import { describe, expect, it } from 'vitest';
import { AccountStore } from '../src/account/index.js';
import { DeviceStore } from '../src/device/index.js';
import { DIALECTS, accountRow, useFreshTestApp, type TestApp } from './harness.js';

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    it("gives an account's claimed tries back one each, never below nought", async () => {
      const accounts = new AccountStore(t.database.db);
      const { id } = (await accountRow(t.database, 'demopass'))!;
      for (let i = 0; i < 3; i += 1) await accounts.claimAttempt({ kind: 'id', value: id }, t.clock.now());
      await Promise.all([1, 2].map(() => accounts.releaseAttempt(id, t.clock.now())));
      expect((await accountRow(t.database, 'demopass'))!.failed_attempts).toBe(1);
      expect(await accounts.releaseAttempt(id, t.clock.now())).toBe(true);
      expect(await accounts.releaseAttempt(id, t.clock.now())).toBe(true);
      expect((await accountRow(t.database, 'demopass'))!.failed_attempts).toBe(0);
    });

    it("gives a trusted device's claimed tries back one each, never below nought", async () => {
      const devices = new DeviceStore(t.database.db);
      const { id: accountId } = (await accountRow(t.database, 'demopass'))!;
      const now = t.clock.now();
      const id = await devices.add({ accountId, browser: 'Firefox on Linux', address: '192.0.2.1', locale: null }, now);
      for (let i = 0; i < 3; i += 1) await devices.claim(id, accountId, now);
      await Promise.all([1, 2].map(() => devices.release(id)));
      expect((await devices.find(id))!.failed_attempts).toBe(1);
      await devices.release(id);
      await devices.release(id);
      expect((await devices.find(id))!.failed_attempts).toBe(0);
    });
  });
}

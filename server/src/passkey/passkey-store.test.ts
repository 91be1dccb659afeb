/**
 * The passkey ceremonies' challenges: each options call keeps one, and those expired long ago are swept as new ones
 * come, at most once a minute, so the sign-in page's options (asked on every visit) cost one statement, not two.
 */
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/harness.js';
import { PasskeyStore } from './passkey-store.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The kinds of statement a store sends (SelectQueryNode, DeleteQueryNode, …), in order. */
function counting(sent: string[]): KyselyPlugin {
  return {
    transformQuery: ({ node }) => (sent.push(node.kind), node as RootOperationNode),
    transformResult: async ({ result }) => result,
  };
}

for (const dialect of DIALECTS) {
  describe(`passkey challenges (${dialect})`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(dialect);
    });
    afterEach(() => t?.close());

    const challenges = async () =>
      (await t.database.db.selectFrom('passkey_challenge').select('challenge').orderBy('challenge').execute()).map(
        (row) => row.challenge,
      );

    it('sweeps those expired two hours ago as new ones come, once a minute, and keeps the rest', async () => {
      const sent: string[] = [];
      const store = new PasskeyStore(t.database.db.withPlugin(counting(sent)));
      const start = t.clock.now();
      await store.issue('a-old', 'authenticate', 'browser-1', null, start);
      await store.issue('b-fresh', 'authenticate', 'browser-2', null, start + 2 * HOUR);
      expect(await challenges()).toEqual(['a-old', 'b-fresh']);

      sent.length = 0;
      await store.issue('c-later', 'authenticate', 'browser-3', null, start + 2 * HOUR + MINUTE + 1);
      expect(sent).toEqual(['DeleteQueryNode', 'InsertQueryNode']);
      expect(await challenges()).toEqual(['b-fresh', 'c-later']);

      sent.length = 0;
      await store.issue('d-same-minute', 'authenticate', 'browser-4', null, start + 2 * HOUR + 2 * MINUTE);
      expect(sent).toEqual(['InsertQueryNode']);
      expect(await challenges()).toEqual(['b-fresh', 'c-later', 'd-same-minute']);
    });
  });
}

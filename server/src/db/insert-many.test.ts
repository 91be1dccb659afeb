/**
 * Many rows in one statement (an import's batches): on PostgreSQL as one array a column, which must bring back every
 * value as it was given, the characters an array's text form quotes, the text "NULL", nulls and numbers included.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestApp, useFreshTestApp } from '../../test/harness.js';
import { insertMany } from './insert-many.js';

const AWKWARD = ['a,b', '{braces}', 'say "hi"', 'back\\slash', 'NULL', '', ' spaced ', 'Ж日本\u{1F600}', "it's"];

for (const dialect of DIALECTS) {
  describe(dialect, () => {
    let t: TestApp;
    useFreshTestApp(dialect, {}, (app) => (t = app));

    it('writes every row with each value as given', async () => {
      const rows = AWKWARD.map((text, i) => ({
        id: `insert-many-${String(i).padStart(2, '0')}`,
        at: 1_790_000_000_000 + i,
        kind: 'account.added',
        account_id: null,
        detail: JSON.stringify({ text }),
        client_address: i % 2 ? text : null,
        user_agent: text,
        actor: i % 3 ? null : `cli:${text}`,
      }));
      await insertMany(t.database.db, 'audit_event', rows);
      const stored = await t.database.db
        .selectFrom('audit_event')
        .selectAll()
        .where('id', 'like', 'insert-many-%')
        .orderBy('id')
        .execute();
      expect(stored.map((row) => ({ ...row, at: Number(row.at) }))).toEqual(rows);
    });

    it('writes one row, and nothing for none', async () => {
      const row = { id: 'insert-many-one', at: 1, kind: 'account.added', detail: '{}' };
      await insertMany(t.database.db, 'audit_event', []);
      await insertMany(t.database.db, 'audit_event', [row]);
      const stored = await t.database.db
        .selectFrom('audit_event')
        .select('id')
        .where('id', 'like', 'insert-many-%')
        .execute();
      expect(stored).toEqual([{ id: 'insert-many-one' }]);
    });
  });
}

/**
 * The security event's published JSON Schema is the TypeBox schema the service builds events against, field for field:
 * `WRITE_SCHEMAS=1 npx vitest run --project contract src/security-event.test.ts` rewrites it after a change (then
 * `npx prettier --write contract/schemas`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { SecurityEventSchema } from './schemas/security-event.js';

const FILE = new URL('../schemas/security-event.v1.json', import.meta.url);
const published = `${JSON.stringify(SecurityEventSchema, null, 2)}\n`;
if (process.env.WRITE_SCHEMAS === '1') writeFileSync(FILE, published);

const event = {
  version: 1,
  id: '0mhz3k4w0-0001-abcdefghijklmnopqr',
  type: 'signin.failure',
  time: '2026-11-27T10:00:00.000Z',
  outcome: 'failure',
  method: 'password',
  account: { id: 'a1', userId: 'demopass' },
  cobrand: 'demo',
  client: { address: '203.0.113.9', userAgent: 'Mozilla/5.0' },
  actor: null,
  detail: { attempt: 2, reason: 'wrong secret' },
};

describe('the security event schema', () => {
  it('is published as JSON Schema, the same as the one the service checks', () => {
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(JSON.parse(published));
    const file = JSON.parse(readFileSync(FILE, 'utf8')) as { $id: string; required: string[] };
    expect(file.$id).toBe('urn:portal:schema:security-event:v1');
    expect(file.required).toEqual(expect.arrayContaining(['id', 'type', 'time', 'outcome', 'client', 'cobrand']));
  });

  it('takes an event and refuses one with a field it does not know or an outcome it does not name', () => {
    expect(Value.Check(SecurityEventSchema, event)).toBe(true);
    expect(Value.Check(SecurityEventSchema, { ...event, password: 'x' })).toBe(false);
    expect(Value.Check(SecurityEventSchema, { ...event, outcome: 'maybe' })).toBe(false);
    expect(Value.Check(SecurityEventSchema, { ...event, detail: { nested: {} } })).toBe(false);
  });
});

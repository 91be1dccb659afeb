/**
 * SCIM's answer for a user, written out without scimmy, is exactly scimmy's own for every shape of user (a name or
 * none, an externalId or none, active, locked or inactive, a user ID with the characters user IDs may hold); with
 * `attributes` or `excludedAttributes` it is scimmy's.
 */
import SCIMMY from 'scimmy';
import { describe, expect, it } from 'vitest';
import type { UserView } from '../admin/index.js';
import { declareScim } from './scimmy-setup.js';
import { scimAnswer, scimUser } from './user-mapping.js';

declareScim();

const user = (change: Partial<UserView> = {}): UserView => ({
  userId: 'ana.ruiz',
  email: 'Ana.Ruiz@Bank.example',
  name: 'Ana Ruiz',
  cobrand: 'skerrymoor',
  status: 'active',
  loginType: 'password',
  passwordState: 'current',
  securityQuestion: null,
  failedAttempts: 0,
  lockedAt: null,
  lastSignInAt: '2026-11-21T10:00:02.000Z',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:01.000Z',
  externalId: 'ana.ruiz@corp.example',
  deletedAt: null,
  ...change,
});

const USERS: [string, UserView][] = [
  ['a user with every value', user()],
  ['no name, no externalId', user({ name: null, externalId: null })],
  ['locked', user({ status: 'locked', failedAttempts: 5, lockedAt: '2026-11-21T10:00:03.000Z' })],
  ['inactive', user({ status: 'inactive' })],
  ['a token user', user({ loginType: 'token' })],
  ['a user ID with @, + and -', user({ userId: 'ana+cards-1@bank.example' })],
  ['a name with quotes and accents', user({ name: 'Zoë "Ana" Ruíz' })],
];

const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe("SCIM's answer for a user", () => {
  it.each(USERS)('is scimmy’s own: %s', (_label, view) => {
    expect(asSent(scimAnswer(view))).toEqual(asSent(scimUser(view)));
  });

  it('is scimmy’s with attributes or excludedAttributes asked for', () => {
    for (const params of [{ attributes: 'userName,emails' }, { excludedAttributes: 'emails' }]) {
      const { attributes } = new SCIMMY.Resources.User(params as never) as unknown as {
        attributes: Parameters<typeof scimUser>[1];
      };
      expect(attributes).toBeDefined();
      expect(asSent(scimAnswer(user(), attributes))).toEqual(asSent(scimUser(user(), attributes)));
    }
  });
});

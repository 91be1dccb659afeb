/**
 * A user's life through the admin API, with a client generated from /admin/openapi.json: created (with a password, or
 * a temporary one that opens one sign-in), found, listed by filter a page at a time, renamed and re-addressed, given a
 * security question, expired, unlocked, given a token and a single sign-on link, their sessions listed and ended, and
 * deactivated, which ends their sessions at once: the browser signed in before is signed out at its next call.
 */
import { Paths } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/admin/index.js';
import { type AdminListener, startAdmin } from './admin-support.js';
import { accountRow, createTestApp, DIALECTS, signInSequence, type TestApp } from './harness.js';

describe.each(DIALECTS)('users through the admin API (%s)', (dialect) => {
  let t: TestApp;
  let admin: AdminListener;
  let api: ReturnType<AdminListener['client']>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await startAdmin(t);
    api = admin.client(await admin.key('desk', [...SCOPES]));
  }, 60_000);
  afterAll(async () => {
    await admin?.close();
    await t?.close();
  });
  const user = (userId: string) => ({ params: { path: { userId } } });

  it('creates a user who signs in, and one with a temporary password that opens change password', async () => {
    const made = await api.POST('/admin/v1/users', {
      body: {
        userId: 'newclerk',
        email: 'newclerk@example.com',
        cobrand: 'skerrymoor',
        name: ' Ana  Ruiz ',
        password: 'Newclerk-pass-1',
      },
    });
    expect(made.response.status).toBe(201);
    expect(made.data).toMatchObject({
      user: { userId: 'newclerk', name: 'Ana Ruiz', status: 'active', loginType: 'password', passwordState: 'current' },
      temporaryPassword: null,
    });
    expect((await signInSequence(t.client(), 'newclerk', 'Newclerk-pass-1')).statusCode).toBe(200);

    const temporary = await api.POST('/admin/v1/users', {
      body: { userId: 'tempclerk', email: 'tempclerk@example.com', cobrand: 'skerrymoor' },
    });
    expect(temporary.data!.user.passwordState).toBe('temporary');
    const signIn = await signInSequence(t.client(), 'tempclerk', temporary.data!.temporaryPassword!);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('change');

    const again = await api.POST('/admin/v1/users', {
      body: { userId: 'NEWCLERK', email: 'x@example.com', cobrand: 'skerrymoor' },
    });
    expect(again.response.status).toBe(409);
    expect(again.error).toMatchObject({ errors: [{ code: 'conflict' }] });
    const bad = await api.POST('/admin/v1/users', {
      body: { userId: 'bad1', email: 'not-an-address', cobrand: 'skerrymoor' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ errors: [{ code: 'invalid', field: 'email' }] });
    expect((await api.GET('/admin/v1/users/{userId}', user('bad1'))).response.status).toBe(404);
  });

  it('lists users by filter, a page at a time, each once', async () => {
    for (const n of [1, 2, 3, 4, 5])
      await api.POST('/admin/v1/users', {
        body: { userId: `pager${n}`, email: `pager${n}@example.com`, cobrand: 'larchmere', password: 'Pager-pass-1' },
      });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = (
        await api.GET('/admin/v1/users', {
          params: { query: { cobrand: 'larchmere', status: 'active', limit: 2, cursor } },
        })
      ).data!;
      expect(page.users.length).toBeLessThanOrEqual(2);
      seen.push(...page.users.map((u) => u.userId));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['pager1', 'pager2', 'pager3', 'pager4', 'pager5']);
    const byMail = await api.GET('/admin/v1/users', { params: { query: { email: 'pager3@example.com' } } });
    expect(byMail.data!.users.map((u) => u.userId)).toEqual(['pager3']);
    const locked = await api.GET('/admin/v1/users', { params: { query: { status: 'locked' } } });
    expect(locked.data!.users.map((u) => u.userId)).toContain('demolocked');
  });

  it("changes a user's name and address together, or neither when one is bad", async () => {
    const changed = await api.PATCH('/admin/v1/users/{userId}', {
      ...user('pager1'),
      body: { name: 'Pat Ager', email: 'pat@example.com' },
    });
    expect(changed.data).toMatchObject({ name: 'Pat Ager', email: 'pat@example.com' });
    const before = await accountRow(t.database, 'pager1');
    const bad = await api.PATCH('/admin/v1/users/{userId}', {
      ...user('pager1'),
      body: { name: 'Someone Else', email: 'nope' },
    });
    expect(bad.response.status).toBe(400);
    expect(await accountRow(t.database, 'pager1')).toEqual(before);
  });

  it('sets a security question, expires a password, and unlocks a locked user', async () => {
    const asked = await api.PUT('/admin/v1/users/{userId}/security-question', {
      ...user('pager2'),
      body: { question: 'Name of your first school?', answer: 'Hill Road' },
    });
    expect(asked.data!.securityQuestion).toBe('Name of your first school?');
    expect((await api.POST('/admin/v1/users/{userId}/expire-password', user('pager2'))).data!.passwordState).toBe(
      'expired',
    );
    const unlocked = await api.POST('/admin/v1/users/{userId}/unlock', user('demolocked'));
    expect(unlocked.data).toMatchObject({ status: 'active', failedAttempts: 0, lockedAt: null });
    const notLocked = await api.POST('/admin/v1/users/{userId}/unlock', user('demolocked'));
    expect(notLocked.response.status).toBe(409);
  });

  it("gives a token, resets its PIN, hands it to the bank's server, and takes it away", async () => {
    const assigned = await api.POST('/admin/v1/users/{userId}/token', user('pager3'));
    expect(assigned.response.status).toBe(201);
    expect(assigned.data!.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+pager3\?secret=/);
    expect((await api.GET('/admin/v1/users/{userId}', user('pager3'))).data!.loginType).toBe('token');
    expect((await api.POST('/admin/v1/users/{userId}/token/reset-pin', user('pager3'))).response.status).toBe(204);
    expect((await api.PUT('/admin/v1/users/{userId}/token/at-server', user('pager3'))).response.status).toBe(204);
    expect((await api.DELETE('/admin/v1/users/{userId}/token', user('pager3'))).response.status).toBe(204);
    expect((await api.GET('/admin/v1/users/{userId}', user('pager3'))).data!.loginType).toBe('password');
    const none = await api.POST('/admin/v1/users/{userId}/token/reset-pin', user('pager3'));
    expect(none.response.status).toBe(409);
  });

  it("links a user to their cobrand's identity provider, and refuses a cobrand without one", async () => {
    await api.POST('/admin/v1/users', { body: { userId: 'ssoclerk', email: 'sso@example.com', cobrand: 'veltmoor' } });
    const linked = await api.POST('/admin/v1/users/{userId}/sso-links', {
      ...user('ssoclerk'),
      body: { subject: 'idp-42' },
    });
    expect(linked.response.status).toBe(204);
    const links = await api.GET('/admin/v1/users/{userId}/sso-links', user('ssoclerk'));
    expect(links.data!.links).toEqual([expect.objectContaining({ cobrand: 'veltmoor', subject: 'idp-42' })]);
    const refused = await api.POST('/admin/v1/users/{userId}/sso-links', {
      ...user('pager4'),
      body: { subject: 'idp-43' },
    });
    expect(refused.response.status).toBe(409);
  });

  it("lists a user's sessions and ends one, then deactivation ends the rest at once", async () => {
    const browsers = [t.client(), t.client(), t.client()];
    for (const browser of browsers)
      expect((await signInSequence(browser, 'pager5', 'Pager-pass-1')).statusCode).toBe(200);
    const sessions = (await api.GET('/admin/v1/users/{userId}/sessions', user('pager5'))).data!.sessions;
    expect(sessions).toHaveLength(3);
    const ended = await api.DELETE('/admin/v1/users/{userId}/sessions/{sessionId}', {
      params: { path: { userId: 'pager5', sessionId: sessions[0]!.id } },
    });
    expect(ended.response.status).toBe(204);
    expect((await api.GET('/admin/v1/users/{userId}/sessions', user('pager5'))).data!.sessions).toHaveLength(2);
    const live = async () =>
      (await Promise.all(browsers.map((b) => b.get(Paths.session)))).filter((r) => r.statusCode === 200).length;
    expect(await live()).toBe(2);

    const deactivated = await api.POST('/admin/v1/users/{userId}/deactivate', user('pager5'));
    expect(deactivated.data).toMatchObject({ user: { status: 'inactive' }, sessionsEnded: 2 });
    expect(await live()).toBe(0);
    expect((await signInSequence(t.client(), 'pager5', 'Pager-pass-1')).statusCode).toBe(401);
  });
});

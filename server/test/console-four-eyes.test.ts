/**
 * Four eyes (issue 49): a user's e-mail address changes, and every factor they sign in with is removed, only when a
 * second operator approves what a first asked. The asker cannot approve their own; a key cannot ask or approve; an
 * operator limited to one cobrand neither sees nor decides another's; a decided or lapsed change is decided once;
 * each step is audited under its operator's name with the reason, and the change is made in the approver's name.
 */
import { ErrorCodes } from '@portal/contract';
import { AUDIT_REASON_HEADER, ConsolePaths } from '@portal/contract/console';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../src/account/index.js';
import { DeviceStore } from '../src/device/index.js';
import { startAdmin, type AdminListener } from './admin-support.js';
import { signedInOperator, trail } from './console-support.js';
import { accountRow, createTestApp, DIALECTS, expectErrorShape, type TestApp, type TestClient } from './harness.js';

const API = ConsolePaths.adminApi;
const reason = (text: string) => ({ [AUDIT_REASON_HEADER]: encodeURIComponent(text) });

interface Approval {
  id: string;
  kind: string;
  userId: string;
  email: string | null;
  requestedBy: string;
  outcome: string | null;
}

for (const dialect of DIALECTS) {
  describe(`four eyes in the console (${dialect})`, () => {
    let t: TestApp;
    let admin: AdminListener;
    let ana: TestClient;
    let ben: TestClient;
    const operator = (name: string, cobrands: string[] = []) => signedInOperator(t, admin, name, 'helpdesk', cobrands);
    beforeEach(async () => {
      t = await createTestApp(dialect);
      admin = await startAdmin(t);
      ana = await operator('ana.help');
      ben = await operator('ben.help');
    });
    afterEach(async () => {
      await admin?.close();
      await t?.close();
    });
    const ask = (client: TestClient, userId: string, json: object) =>
      client.post(`${API}/users/${userId}/approvals`, { json, headers: reason('Caller moved banks, ticket 8100') });

    it("changes a user's e-mail address only once a second operator approves it, in the approver's name", async () => {
      const direct = await ana.request('PATCH', `${API}/users/demopass`, {
        json: { email: 'ana.new@example.com' },
        headers: reason('Caller asked'),
      });
      expectErrorShape(direct, 403, ErrorCodes.forbidden);
      const asked = await ask(ana, 'demopass', { kind: 'email.change', email: ' new.address@example.com ' });
      expect(asked.statusCode, asked.body).toBe(201);
      const request = asked.json<Approval>();
      expect(request).toMatchObject({
        kind: 'email.change',
        email: 'new.address@example.com',
        requestedBy: 'ana.help',
      });
      expect((await accountRow(t.database, 'demopass')).email).not.toBe('new.address@example.com');
      // Shown to both: the asker on the user's page, the second operator in what waits.
      for (const client of [ana, ben])
        expect((await client.get(`${API}/approvals`)).json<{ approvals: Approval[] }>().approvals).toEqual([
          expect.objectContaining({ id: request.id, userId: 'demopass', outcome: null }),
        ]);
      expectErrorShape(
        await ask(ben, 'demopass', { kind: 'email.change', email: 'x@example.com' }),
        409,
        ErrorCodes.conflict,
      );

      const own = await ana.post(`${API}/approvals/${request.id}/approve`, { headers: reason('Mine') });
      expectErrorShape(own, 409, ErrorCodes.conflict);
      const approved = await ben.post(`${API}/approvals/${request.id}/approve`, { headers: reason('Checked the ID') });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ outcome: 'approved', decidedBy: 'ben.help' });
      expect((await accountRow(t.database, 'demopass')).email).toBe('new.address@example.com');
      const again = await ben.post(`${API}/approvals/${request.id}/decline`, { headers: reason('Too late') });
      expectErrorShape(again, 409, ErrorCodes.conflict);

      const events = await trail(t, ['approval.requested', 'account.email.set', 'approval.approved']);
      expect(events.map((e) => [e.kind, e.actor, e.detail.reason])).toEqual([
        ['approval.requested', 'operator:ana.help', 'Caller moved banks, ticket 8100'],
        ['account.email.set', 'operator:ben.help', 'Checked the ID'],
        ['approval.approved', 'operator:ben.help', 'Checked the ID'],
      ]);
      expect(events.at(-1)!.detail).toMatchObject({ requestedBy: 'operator:ana.help', change: 'email.change' });
    });

    it('removes every factor once approved: passkeys none, token and recovery codes gone, browsers forgotten', async () => {
      const account = (await new AccountStore(t.database.db).findByUserId('demonewpin'))!;
      await t.database.db
        .insertInto('recovery_code')
        .values({ id: 'rc-1', account_id: account.id, code_hmac: 'h1', created_at: 1, used_at: null })
        .execute();
      const device = { accountId: account.id, browser: 'Firefox on Linux', address: '198.51.100.0', locale: null };
      await new DeviceStore(t.database.db).add(device, 1);
      const request = (await ask(ana, 'demonewpin', { kind: 'factors.remove' })).json<Approval>();
      expect((await accountRow(t.database, 'demonewpin')).login_type).toBe('token');
      const declined = await ben.post(`${API}/approvals/${request.id}/decline`, { headers: reason('Not verified') });
      expect(declined.json()).toMatchObject({ outcome: 'declined' });
      expect((await accountRow(t.database, 'demonewpin')).login_type).toBe('token');

      const second = (await ask(ana, 'demonewpin', { kind: 'factors.remove' })).json<Approval>();
      const approved = await ben.post(`${API}/approvals/${second.id}/approve`, {
        headers: reason('Lost phone, ID seen'),
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await accountRow(t.database, 'demonewpin')).login_type).toBe('password');
      const methods = (await ben.get(`${API}/users/demonewpin/sign-in-methods`)).json();
      expect(methods).toMatchObject({ token: null, passkeys: 0, recoveryCodesLeft: 0 });
      const [removed] = await trail(t, ['account.factors.removed']);
      expect(removed).toMatchObject({ actor: 'operator:ben.help', detail: { recoveryCodes: 1, devices: 1 } });
      expect((await ben.get(`${API}/users/demonewpin/devices`)).json()).toEqual({ devices: [] });
    });

    it('keeps a limited operator to their cobrands, and a key out of four eyes', async () => {
      const request = (await ask(ana, 'demopass', { kind: 'factors.remove' })).json<Approval>();
      const lars = await operator('lars.help', ['larchmere']);
      expect((await lars.get(`${API}/approvals`)).json()).toEqual({ approvals: [] });
      const refused = await lars.post(`${API}/approvals/${request.id}/approve`, { headers: reason('Sure') });
      expectErrorShape(refused, 404, ErrorCodes.notFound);
      expectErrorShape(await ask(lars, 'demopass', { kind: 'factors.remove' }), 404, ErrorCodes.notFound);

      const key = await admin.key('desk-tool', ['users:read', 'users:write']);
      const byKey = await fetch(`${admin.base}/admin/v1/approvals/${request.id}/approve`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(byKey.status).toBe(403);
      expect((await accountRow(t.database, 'demopass')).status).toBe('active');
      // The asker may withdraw their own.
      expect(
        (await ana.post(`${API}/approvals/${request.id}/decline`, { headers: reason('Withdrawn') })).json(),
      ).toMatchObject({ outcome: 'declined', decidedBy: 'ana.help' });
    });

    it('lets an undecided change lapse after a day', async () => {
      const request = (
        await ask(ana, 'demopass', { kind: 'email.change', email: 'late@example.com' })
      ).json<Approval>();
      t.clock.advance(24 * 60 * 60_000 + 1);
      // The operators' sessions would have ended too: sign in again.
      ben = await operator('cy.help');
      expect((await ben.get(`${API}/approvals`)).json()).toEqual({ approvals: [] });
      const late = await ben.post(`${API}/approvals/${request.id}/approve`, { headers: reason('Late') });
      expectErrorShape(late, 409, ErrorCodes.conflict);
      expect((await accountRow(t.database, 'demopass')).email).not.toBe('late@example.com');
    });
  });
}

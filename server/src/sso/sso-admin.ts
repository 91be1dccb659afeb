/**
 * Links between a cobrand's identity provider and portal users, as an operator makes them (command line and admin
 * API): the subject is what the provider names the user by, and it signs in only the user of that cobrand.
 */
import type { AuditLog, Origin } from '../db/audit-log.js';
import type { Clock } from '../clock.js';
import { Refusal } from '../refusal.js';
import type { SsoStore } from './sso-store.js';

/** The user a link is for, as the account capability finds them. */
type User = { id: string; user_id: string; cobrand: string };

export interface SsoAdminDeps {
  store: SsoStore;
  audit: AuditLog;
  clock: Clock;
  /** Whether the cobrand names an identity provider; null when there is no such cobrand. */
  hasProvider: (cobrand: string) => Promise<boolean | null>;
}

export class SsoAdmin {
  constructor(private readonly deps: SsoAdminDeps) {}

  async link(account: User, cobrand: string, given: string | undefined, origin: Origin): Promise<string> {
    const subject = given?.trim() ?? '';
    if (!subject || subject.length > 255) throw new Refusal('invalid', 'must be 1 to 255 characters', 'subject');
    const provider = await this.deps.hasProvider(cobrand);
    if (provider === null) throw new Refusal('invalid', `no cobrand "${cobrand}"`, 'cobrand');
    if (!provider) throw new Refusal('conflict', `cobrand "${cobrand}" has no identity provider`);
    if (account.cobrand !== cobrand)
      throw new Refusal('conflict', `user "${account.user_id}" belongs to cobrand "${account.cobrand}"`);
    const event = { kind: 'account.sso.linked' as const, accountId: account.id, detail: { cobrand } };
    await this.deps.audit.recordWith(event, origin, async (trx) => {
      await this.deps.store.link(cobrand, subject, account.id, this.deps.clock(), trx);
      return true;
    });
    return subject;
  }

  links(account: User) {
    return this.deps.store.linksOf(account.id);
  }
}

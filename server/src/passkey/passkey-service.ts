/**
 * A signed-in user's passkeys: created (a registration ceremony bound to the session), listed, renamed, removed (the
 * routes hold creation and removal to a sign-in within five minutes, session/fresh-sign-in.ts). Each change is audited with who and from where and, for an addition or a
 * removal, told to the user by mail in their language.
 */
import { PASSKEY_CAPABLE_COOKIE, PASSKEY_OFFER_SCREEN, PASSKEY_SKIP_COOKIE, PORTAL_UI_BASE } from '@portal/contract';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AccountRow, AccountStore } from '../account/index.js';
import { cobrandIn, type CobrandDirectory } from '../cobrand/index.js';
import type { Origin } from '../db/audit-log.js';
import { mailContextFor, type MailingDeps, mailsOf } from '../mail/index.js';
import { passkeyAddedMail, passkeyDisabledMail, passkeyRemovedMail } from './mails.js';
import type { SessionRow } from '../session/index.js';
import { Ceremonies, type RelyingParty } from './ceremonies.js';
import type { PasskeyRow, PasskeyStore } from './passkey-store.js';
import { passkeyServes } from './policy.js';

type Cookies = Readonly<Record<string, string | undefined>>;

export interface PasskeyServiceDeps extends MailingDeps {
  cobrands: CobrandDirectory;
  accounts: Pick<AccountStore, 'findById'>;
  store: PasskeyStore;
  relyingParty: RelyingParty;
}

/** Ceremonies by outcome, since the instance started (the metrics read them). */
export type CeremonyCounts = Map<string, number>;

export class PasskeyService {
  readonly counts: CeremonyCounts = new Map();
  readonly ceremonies: Ceremonies;

  constructor(private readonly deps: PasskeyServiceDeps) {
    this.ceremonies = new Ceremonies(deps.store, deps.relyingParty);
  }

  count(ceremony: 'registration' | 'sign-in', outcome: string): void {
    const key = `${ceremony}:${outcome}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  list(account: AccountRow): Promise<PasskeyRow[]> {
    return this.deps.store.ofAccount(account.id);
  }

  /**
   * Where a full sign-in goes: first to the offer of a passkey where the cobrand offers them, the user has none, the
   * sign-in was not made with one, the sign-in page's script found this device able to make one, and the device has
   * not skipped the offer; else straight to `location` (no extra page for a browser that could not use it).
   */
  private async offerFirst(
    account: AccountRow,
    location: string,
    method: string,
    cookies: Cookies = {},
  ): Promise<string> {
    if (method === 'passkey' || cookies[PASSKEY_SKIP_COOKIE] !== undefined) return location;
    if (cookies[PASSKEY_CAPABLE_COOKIE] !== '1') return location;
    if (!(await this.allowed(account)) || (await this.list(account)).length > 0) return location;
    const cobrand = (await this.deps.cobrands.resolve(account.cobrand)).record.cobrand.name;
    const query = new URLSearchParams({ cobrandHost: cobrand, next: location });
    return `${PORTAL_UI_BASE}${PASSKEY_OFFER_SCREEN}?${query.toString()}`;
  }

  /**
   * The one decision for every way in (docs/decisions.md, "The passkey offer after every sign-in"): where a sign-in that
   * opens `open` goes instead of `location`. Only a full session is offered a passkey; a half-way one (a password or
   * PIN to set, a token step to come) goes on to its screen.
   */
  async onward(
    open: { accountId: string; kind: string; method?: string | undefined },
    location: string,
    cookies: Cookies = {},
  ): Promise<string> {
    if (open.kind !== 'full') return location;
    const account = await this.deps.accounts.findById(open.accountId);
    return account ? this.offerFirst(account, location, open.method ?? '', cookies) : location;
  }

  /** Whether this account may have a passkey at all (its cobrand's policy). */
  async allowed(account: AccountRow): Promise<boolean> {
    return passkeyServes(account, (await this.deps.cobrands.resolve(account.cobrand)).record);
  }

  async registrationOptions(account: AccountRow, session: SessionRow, locale: string) {
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const options = await this.ceremonies.registrationOptions(
      account,
      cobrandIn(record, locale).appName,
      session.id_hash,
      this.deps.clock(),
    );
    this.count('registration', 'begun');
    return options;
  }

  /**
   * The new passkey, or null when it was refused (audited; nothing is stored): the ceremony's checks failed, or the
   * credential is one an account holds already (another's, or this one's again), which the unique key keeps out.
   */
  async register(
    account: AccountRow,
    session: SessionRow,
    body: { response: RegistrationResponseJSON; name?: string | undefined },
    origin: Origin,
  ): Promise<PasskeyRow | null> {
    const { store, audit, clock } = this.deps;
    const now = clock();
    const made = await this.ceremonies.register(account, body.response, session.id_hash, now);
    if (!made) return this.refuse(account, origin, 'ceremony refused');
    const name = body.name?.trim() || defaultName(made.deviceType, now);
    const mails = mailsOf(this.deps);
    const mail = passkeyAddedMail(await mailContextFor(this.deps, account, session.locale), name, now);
    const row = await audit.recordWith({ kind: 'passkey.added', accountId: account.id }, origin, async (trx) => {
      const added = await store.add({ accountId: account.id, ...made, name }, now, trx);
      if (added) await mails.enqueue(trx, mail, now);
      return added;
    });
    if (!row) return this.refuse(account, origin, 'credential already registered');
    mails.send();
    this.count('registration', 'added');
    return row;
  }

  private async refuse(account: AccountRow, origin: Origin, reason: string): Promise<null> {
    await this.deps.audit.record('passkey.refused', account.id, { reason }, { origin });
    this.count('registration', 'refused');
    return null;
  }

  /**
   * A right signature whose counter went backwards: a copy of the passkey is in use. Disabled for good (a copy's counter
   * catches up; the genuine one cannot be told from it), audited with the counters, and the user told by mail.
   */
  async disableCloned(
    account: AccountRow,
    passkey: PasskeyRow,
    counter: number,
    browser: { origin: Origin; locale: string | undefined },
  ): Promise<void> {
    const { store, audit, clock } = this.deps;
    const now = clock();
    const mails = mailsOf(this.deps);
    const mail = passkeyDisabledMail(await mailContextFor(this.deps, account, browser.locale), passkey.name, now);
    const detail = { passkey: passkey.id, reason: 'counter went backwards', counter, stored: Number(passkey.counter) };
    const event = { kind: 'passkey.disabled' as const, accountId: account.id, detail };
    const disabled = await audit.recordWith(event, browser.origin, async (trx) => {
      const done = await store.disable(passkey.id, now, trx);
      if (done) await mails.enqueue(trx, mail, now);
      return done;
    });
    if (disabled) mails.send();
    this.count('sign-in', 'cloned');
  }

  async rename(account: AccountRow, id: string, name: string, origin: Origin) {
    const row = await this.deps.store.rename(account.id, id, name.trim());
    if (row) await this.deps.audit.record('passkey.renamed', account.id, { passkey: id }, { origin });
    return row;
  }

  /**
   * Removes one of the account's passkeys, with its audit event (naming the passkey) and the mail that tells the
   * user, in one transaction: the user's own removal and an operator's (the admin API) alike. `locale` is the mail's
   * language; null where no browser names one (an operator's call): the cobrand's first. False: no such passkey.
   */
  async removeOne(account: AccountRow, id: string, locale: string | null, origin: Origin): Promise<boolean> {
    const { store, audit, clock } = this.deps;
    const now = clock();
    const row = (await store.ofAccount(account.id)).find((candidate) => candidate.id === id);
    if (!row) return false;
    const language = locale ?? Object.keys((await this.deps.cobrands.resolve(account.cobrand)).record.locales)[0];
    const mails = mailsOf(this.deps);
    const mail = passkeyRemovedMail(await mailContextFor(this.deps, account, language), row.name, now);
    const removed = await audit.recordWith(
      { kind: 'passkey.removed', accountId: account.id, detail: { passkey: id, name: row.name } },
      origin,
      async (trx) => {
        const done = await store.remove(account.id, id, trx);
        if (done) await mails.enqueue(trx, mail, now);
        return done;
      },
    );
    if (removed) mails.send();
    return removed;
  }
}

/** A name until the user gives one: what kind of passkey, and when it was made. */
const defaultName = (deviceType: string, now: number) =>
  `${deviceType === 'multiDevice' ? 'Synced passkey' : 'Passkey'} ${new Date(now).toISOString().slice(0, 10)}`;

/**
 * What device trust tells and records: a browser trusted at its first sign-in (audited, and mailed unless the cobrand
 * turned the mail off), and the lock on unknown devices (the sessions of the devices it locks out ended, the owner
 * mailed at most once an hour per account). Each mail commits with its audit event, or neither does.
 */
import type { AccountRow, AccountStore } from '../account/index.js';
import type { Origin } from '../db/audit-log.js';
import type { CobrandDirectory } from '../cobrand/index.js';
import { mailContextFor, type MailingDeps, mailsOf } from '../mail/index.js';
import { newDeviceMail, unknownDevicesLockedMail } from './mails.js';
import type { SessionManager } from '../session/index.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/tables.js';
import { approximateAddress, deviceOfAgent, storedAddress, storedDevice } from './device-name.js';
import type { DeviceStore } from './device-store.js';

export interface DeviceNoticeDeps extends MailingDeps {
  cobrands: CobrandDirectory;
  accounts: AccountStore;
  devices: DeviceStore;
  sessions: SessionManager;
}

/** A new browser's trust: `write` it in a transaction (the device's ID), then `send` its mail once that has committed. */
export interface NewTrust {
  write(trx: Transaction<Database>): Promise<string>;
  send(): void;
}

export class DeviceNotices {
  constructor(private readonly deps: DeviceNoticeDeps) {}

  /** Trusts the browser that has just signed in to `account`: the new device's ID, for its cookie. */
  async trustNew(account: AccountRow, locale: string, origin: Origin, now: number): Promise<string> {
    const trust = await this.newTrust(account, locale, origin, now);
    const id = await this.deps.audit.transaction(trust.write);
    trust.send();
    return id;
  }

  /**
   * The trust of the browser that has just signed in, made ready to be written in a transaction of the caller's (a
   * right password's, so that its counts, its event and the trust are one commit): the mail's words are read first, as
   * SQLite's one connection is the transaction's while it lasts.
   */
  async newTrust(account: AccountRow, locale: string, origin: Origin, now: number): Promise<NewTrust> {
    const { audit, devices } = this.deps;
    const device = { device: deviceOfAgent(origin.userAgent), address: approximateAddress(origin.address) };
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const mail =
      record.deviceMails?.newDevice === false
        ? null
        : newDeviceMail(await mailContextFor(this.deps, account, locale), device, now);
    const stored = { browser: storedDevice(device.device), address: storedAddress(device.address) };
    const mails = mailsOf(this.deps);
    return {
      // The device, its audit event and its mail commit together (the mail's event only when there is a mail).
      write: async (trx) => {
        const id = await devices.add({ accountId: account.id, ...stored, locale }, now, trx);
        await audit.record('device.trusted', account.id, { browser: stored.browser }, { origin, trx });
        if (mail) {
          await mails.enqueue(trx, mail, now);
          await audit.record('device.new.mailed', account.id, {}, { origin, trx });
        }
        return id;
      },
      send: () => mails.send(),
    };
  }

  /**
   * The account has just locked for unknown devices (six wrong tries by whoever knows its user ID): the sessions opened
   * anywhere but on its trusted devices end, its trusted browsers stay signed in (the lock does not stop them, so
   * ending their sessions would let anyone log the user out at will), and its owner is told, once an hour at most.
   */
  async lockedForUnknown(account: AccountRow, origin: Origin, now: number): Promise<void> {
    const trusted = (await this.deps.devices.list(account.id)).map((device) => device.id);
    await this.deps.sessions.endUnknownDevicesFor(account.id, trusted);
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    if (record.deviceMails?.lock === false) return;
    // The attacker's browser names no language: the one the user last signed in in, else the cobrand's first.
    const locale = (await this.deps.devices.lastLocale(account.id)) ?? Object.keys(record.locales)[0];
    const mail = unknownDevicesLockedMail(await mailContextFor(this.deps, account, locale), now);
    const event = { kind: 'device.lock.mailed' as const, accountId: account.id };
    const mails = mailsOf(this.deps);
    const sent = await this.deps.audit.recordWith(event, origin, async (trx) => {
      if (!(await this.deps.accounts.takeLockMail(account.id, now, trx))) return false;
      await mails.enqueue(trx, mail, now);
      return true;
    });
    if (sent) mails.send();
  }
}

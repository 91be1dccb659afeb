/**
 * New-device verification (docs/decisions.md): a sign-in held for a code mailed to the account's address, made, mailed
 * again on request, and checked. A code is six digits, valid ten minutes, bound to its attempt (and the attempt to the
 * browser's session restricted to it), single use; five wrong codes end the attempt. An account is mailed at most
 * CODES_AN_HOUR codes an hour, whoever asks: a breached password cannot flood its owner's mailbox.
 */
import {
  DEVICE_CODE_VALID_MINUTES,
  deviceCodeDigits,
  type DeviceCodeStatus,
  type DeviceCodeView,
} from '@portal/contract/device-code';
import type { AccountRow } from '../account/index.js';
import type { Origin } from '../db/audit-log.js';
import { mailContextFor, type MailingDeps, type OutgoingMail } from '../mail/index.js';
import { newId } from '../security/ids.js';
import { codeHmac, maskedAddress, newCode } from './codes.js';
import type { DeviceCodeStore } from './device-code-store.js';
import { deviceCodeMail, type SignInPlace } from './mails.js';

const VALID_MS = DEVICE_CODE_VALID_MINUTES * 60_000;
const HOUR_MS = 3_600_000;
export const TRIES = 5;
/** Codes one attempt may mail, the first included. */
export const SENDS = 3;
export const CODES_AN_HOUR = 10;

export interface DeviceCodeDeps extends MailingDeps {
  store: DeviceCodeStore;
  deviceCodeKey: Buffer;
  /** Sends one mail now, outside the outbox (mail/): true when the relay took it. */
  sendMailNow: (mail: OutgoingMail) => Promise<boolean>;
  /** Where a request came from, as a mail names it (the device capability's reading, given by app-services.ts). */
  placeOf: (origin: Origin) => SignInPlace;
}

/** Who the attempt is for and where it came from: the mail's language and place. */
export interface Asker {
  account: AccountRow;
  locale: string | undefined;
  origin: Origin;
  now: number;
}

/** A code checked: passed (with why the password must still change, if it must), wrong, or the attempt ended. */
export type CodeCheck = { result: 'passed'; mustChange?: string } | { result: 'wrong' | 'ended' };

export class DeviceCodes {
  constructor(private readonly deps: DeviceCodeDeps) {}

  /** Holds a sign-in: a new attempt, its code mailed (unless the hour's are used). Its ID and how the mail went. */
  async start(
    asker: Asker,
    sessionHash: string,
    mustChange: string | undefined,
  ): Promise<{ id: string; status: DeviceCodeStatus }> {
    const { account, now } = asker;
    const id = newId();
    const code = newCode();
    const limit = (await this.deps.store.sendsSince(account.id, now - HOUR_MS)) >= CODES_AN_HOUR;
    const row = {
      ...{
        id,
        account_id: account.id,
        session_hash: sessionHash,
        code_hmac: codeHmac(this.deps.deviceCodeKey, id, code),
        tries_left: TRIES,
      },
      ...{
        sends: limit ? 0 : 1,
        sent: 0,
        must_change: mustChange ?? null,
        expires_at: now + VALID_MS,
        created_at: now,
      },
    };
    await this.deps.store.create(row, now - HOUR_MS);
    return { id, status: limit ? await this.limited(asker) : await this.mail(asker, id, code) };
  }

  /** A new code for the attempt in place of the last: how the mail went, or undefined when it may not have one. */
  async resend(asker: Asker, sessionHash: string, id: string): Promise<DeviceCodeStatus | undefined> {
    const { account, now } = asker;
    const held = await this.deps.store.find(id, account.id);
    if (!held || held.session_hash !== sessionHash || held.tries_left <= 0) return undefined;
    if ((await this.deps.store.sendsSince(account.id, now - HOUR_MS)) >= CODES_AN_HOUR) return this.limited(asker);
    const code = newCode();
    const hmac = codeHmac(this.deps.deviceCodeKey, id, code);
    if (!(await this.deps.store.renew(id, hmac, now + VALID_MS, SENDS))) return undefined;
    return this.mail(asker, id, code);
  }

  /** Checks a code: passed (taken, once), wrong (a try taken), or ended (no tries, expired, or no such attempt). */
  async check(asker: Asker, sessionHash: string, id: string, code: string): Promise<CodeCheck> {
    const { account, now, origin } = asker;
    const held = await this.deps.store.find(id, account.id);
    if (held?.session_hash !== sessionHash) return { result: 'ended' };
    if (held.tries_left <= 0 || held.expires_at <= now) return { result: 'ended' };
    const hmac = codeHmac(this.deps.deviceCodeKey, id, deviceCodeDigits(code));
    if (await this.deps.store.take(id, hmac, now)) {
      await this.deps.audit.record('signin.verification.passed', account.id, {}, { origin });
      return { result: 'passed', ...(held.must_change ? { mustChange: held.must_change } : {}) };
    }
    const left = await this.deps.store.wrong(id);
    const detail = { triesLeft: left ? held.tries_left - 1 : 0 };
    await this.deps.audit.record('signin.verification.failed', account.id, detail, { origin });
    return { result: left ? 'wrong' : 'ended' };
  }

  /** What the screen shows of the attempt, for its account; undefined once it has ended. */
  async view(id: string, account: AccountRow, sessionHash: string, now: number): Promise<DeviceCodeView | undefined> {
    const held = await this.deps.store.find(id, account.id);
    if (!held || held.session_hash !== sessionHash || held.tries_left <= 0 || held.expires_at <= now) return undefined;
    const status: DeviceCodeStatus = held.sends === 0 ? 'limit' : held.sent === 1 ? 'sent' : 'unsent';
    return { attempt: id, sentTo: maskedAddress(account.email), status };
  }

  private async mail(asker: Asker, id: string, code: string): Promise<DeviceCodeStatus> {
    const { account, locale, origin, now } = asker;
    const ctx = await mailContextFor(this.deps, account, locale);
    const sent = await this.deps.sendMailNow(deviceCodeMail(ctx, code, this.deps.placeOf(origin), now));
    await this.deps.store.markSent(id, sent);
    const kind = sent ? 'signin.verification.sent' : 'signin.verification.unsent';
    await this.deps.audit.record(kind, account.id, sent ? {} : { outcome: 'failure' }, { origin });
    return sent ? 'sent' : 'unsent';
  }

  private async limited({ account, origin }: Asker): Promise<DeviceCodeStatus> {
    await this.deps.audit.record(
      'signin.verification.unsent',
      account.id,
      { reason: 'hourly limit', outcome: 'failure' },
      { origin },
    );
    return 'limit';
  }
}

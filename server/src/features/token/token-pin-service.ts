/** Setting a token's PIN in new-PIN mode (§4), and telling the user by mail (ARCHITECTURE §5). */
import type { AccountRow } from '../../accounts/account-store.js';
import type { Clock } from '../../clock.js';
import type { CobrandDirectory } from '../../cobrands/cobrand-directory.js';
import type { LogoUrlFor } from '../../cobrands/logo.js';
import type { AuditLog } from '../../db/audit-log.js';
import type { Messages } from '../../i18n/messages.js';
import type { MailWorker } from '../../mail/mail-worker.js';
import type { OutboxStore } from '../../mail/outbox-store.js';
import { pinSetMail } from '../../mail/templates.js';
import { isValidPin, pinHmac } from '../../tokens/pin.js';
import type { TokenStore } from '../../tokens/token-store.js';

export interface TokenPinDeps {
  tokens: TokenStore;
  pinKey: Buffer;
  cobrands: CobrandDirectory;
  outbox: OutboxStore;
  mailWorker: MailWorker;
  messages: Messages;
  audit: AuditLog;
  clock: Clock;
  logoUrlFor: LogoUrlFor;
}

export class TokenPinService {
  constructor(private readonly deps: TokenPinDeps) {}

  async setPin(account: AccountRow, locale: string, pin: string): Promise<'set' | 'invalid' | 'not-in-new-pin-mode'> {
    if (!isValidPin(pin)) return 'invalid';
    const now = this.deps.clock();
    const { record } = await this.deps.cobrands.resolve(account.cobrand);
    const mail = pinSetMail({
      messages: this.deps.messages, locale, appName: record.cobrand.appName,
      logoUrl: this.deps.logoUrlFor(record.cobrand.name), recipient: account.email, userId: account.user_id,
    }, now);
    const set = await this.deps.tokens.setPin(account.id, pinHmac(this.deps.pinKey, account.id, pin), now, (trx) => this.deps.outbox.enqueue(trx, mail, now));
    if (!set) return 'not-in-new-pin-mode';
    await this.deps.audit.record('token.pin.set', account.id);
    void this.deps.mailWorker.nudge();
    return 'set';
  }
}

/**
 * Where mail goes: an SMTP server (SMTP_URL), or `.eml` files under DATA_DIR/outbox/ when none is configured. nodemailer
 * runs in a thread of its own (transport-thread.ts); what is built here is only the mail's fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SmtpTls } from '../config.js';
import type { OutboxRow } from './outbox-store.js';
import { mailThread } from './transport-thread.js';

export interface MailTransport {
  send(row: OutboxRow): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  smtpUrl: string | null;
  /** How the connection to SMTP_URL is protected (SMTP_TLS). */
  smtpTls: SmtpTls;
  /** The PEM file of the CAs the mail server's certificate must chain to; null: Node's own list. */
  smtpCaFile: string | null;
  dataDir: string;
  from: string;
  replyTo: string | null;
  /** The address users reach the portal at: its host names every Message-ID. */
  publicOrigin: string;
  log: (message: string) => void;
}

/** How many mails an instance sends at once, each on a connection of its own. */
export const MAX_CONNECTIONS = 5;

/** MAIL_FROM's address under the bank's name, so the user sees whose mail it is; MAIL_FROM as it is otherwise. */
function sender(row: OutboxRow, from: string): string | { name: string; address: string } {
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return row.sender_name ? { name: row.sender_name, address } : from;
}

type Headers = Pick<TransportOptions, 'from' | 'replyTo' | 'publicOrigin'>;

const message = (row: OutboxRow, { from, replyTo, publicOrigin }: Headers) => ({
  from: sender(row, from),
  ...(replyTo ? { replyTo } : {}),
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  html: row.html_body,
  // The bank's domain, not a made-up one: spam filters and mail clients read a Message-ID's right-hand side.
  messageId: `<${row.id}@${new URL(publicOrigin).hostname}>`,
  // RFC 3834: mail sent by a program, so mailboxes send no out-of-office answer to it.
  headers: { 'Auto-Submitted': 'auto-generated' },
});

/**
 * nodemailer's TLS settings for SMTP_TLS: `auto` follows the URL (smtps: TLS from the start; smtp: STARTTLS when the
 * server offers it), `implicit` is TLS from the start, `starttls` refuses to send unless the server takes STARTTLS.
 * A CA file replaces Node's list of CAs for this connection only.
 */
function tlsOf(url: URL, tls: SmtpTls, caFile: string | null) {
  const implicit = tls === 'implicit' || (tls === 'auto' && url.protocol === 'smtps:');
  return {
    port: Number(url.port) || (implicit ? 465 : 587),
    secure: implicit,
    requireTLS: tls === 'starttls',
    ...(caFile ? { tls: { ca: readFileSync(caFile, 'utf8') } } : {}),
  };
}

export function createTransport(options: TransportOptions): MailTransport {
  const { smtpUrl, dataDir, log } = options;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    const smtp = mailThread({
      host: url.hostname,
      ...tlsOf(url, options.smtpTls, options.smtpCaFile),
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      // Connections are kept and reused, a few at once: a new connection and greeting for every mail held delivery to
      // about ten a second under load.
      pool: true,
      maxConnections: MAX_CONNECTIONS,
      // A mail server that does not answer must not hold the worker for long; the row is retried later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return { send: (row) => smtp.deliver(message(row, options), null), close: smtp.close };
  }
  const dir = join(dataDir, 'outbox');
  const files = mailThread({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(row) {
      const file = join(dir, `${row.id}.eml`);
      await files.deliver(message(row, options), file);
      log(`mail written to ${file}`);
    },
    close: files.close,
  };
}

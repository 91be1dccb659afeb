/** Where mail goes: an SMTP server (SMTP_URL), or `.eml` files under DATA_DIR/outbox/ when none is configured. */
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { SmtpTls } from '../config.js';
import type { OutboxRow } from './outbox-store.js';

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

/**
 * nodemailer and its connections are made at the first mail, not at start: an idle instance holds the code it loads
 * (docs/benchmarks.md, figure 5), and most instances send a mail rarely.
 */
function atFirstMail(options: Parameters<typeof nodemailer.createTransport>[0]) {
  let made: Transporter | null = null;
  return {
    get: () => (made ??= (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(options)),
    close: () => made?.close(),
  };
}

export function createTransport(options: TransportOptions): MailTransport {
  const { smtpUrl, dataDir, log } = options;
  if (smtpUrl) {
    const url = new URL(smtpUrl);
    const smtp = atFirstMail({
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
    return { send: async (row) => void (await smtp.get().sendMail(message(row, options))), close: smtp.close };
  }
  const dir = join(dataDir, 'outbox');
  const files = atFirstMail({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(row) {
      const info = await files.get().sendMail(message(row, options));
      const file = join(dir, `${row.id}.eml`);
      // Off the main thread (a file's open and write held every sign-in behind it); the folder made when it is not there.
      // Written beside its name and then renamed, so that whoever reads the folder's .eml files never reads half a mail.
      const partial = `${file}.part`;
      const write = () => writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await write().catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await write();
      });
      await rename(partial, file);
      log(`mail written to ${file}`);
    },
    close: files.close,
  };
}
